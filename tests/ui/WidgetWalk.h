#pragma once
// Every place of the GUI a test of the whole interface looks at (issue 20, "Accessible and translatable"):
// the main window on the Adult sample at each step and each view of the catalog (panels included), the
// Baskets workspace, and the dialogs that open without blocking. visit(where, window) is called with each
// window as the user sees it at that moment; `where` says how it was reached, for failure messages.
#include "ui/mainwindow/DataPage.h"
#include "UiTestSupport.h"

#include "ui/baskets/BasketsView.h"
#include "ui/baskets/BasketsWorkspace.h"
#include "ui/catalog/ViewCatalog.h"
#include "ui/help/GuideDialog.h"
#include "ui/import/BinDialog.h"
#include "ui/import/ImportDialog.h"
#include "ui/mainwindow/OpenDatabaseDialog.h"
#include "ui/release/ReleaseDialog.h"
#include "ui/session/AnalysisState.h"
#include "ui/views/RecordGroupDialog.h"
#include "ui/views/RiskView.h"
#include "ui/withoutp/MatrixEditor.h"

#include <QAbstractButton>
#include <QApplication>
#include <QPointer>
#include <QStringList>
#include <QWidget>

#include <Eigen/Core>

#include <functional>
#include <memory>

namespace rr::ui::testing {

using Visit = std::function<void(const QString& where, QWidget* window)>;

// The widgets of `window` the user sees now (not those of the other windows it owns).
inline QList<QWidget*> shownWidgets(QWidget* window)
{
    QList<QWidget*> out{window};
    for (QWidget* c : window->findChildren<QWidget*>())
        if (c->window() == window && c->isVisible())
            out << c;
    return out;
}

// Shows `dialog` without blocking, visits it, closes it.
inline void visitDialog(const QString& where, QWidget* dialog, const Visit& visit)
{
    if (!dialog)
        return;
    QPointer<QWidget> guard(dialog);
    dialog->show();
    QApplication::processEvents();
    visit(where, dialog);
    if (guard) {
        dialog->setAttribute(Qt::WA_DeleteOnClose, false);
        dialog->close();
        delete guard.data();
    }
}

// `w` shows the Adult sample (openSampleWindow). Leaves it on the Baskets workspace with a basket file open.
inline void walkEverything(MainWindow* w, const Visit& visit)
{
    const auto idle = [w] {
        w->workspace()->waitForIdle();
        QApplication::processEvents();
    };
    // Some randomization, so that the preview, the release page and the risk tables have something to show.
    w->state()->setRetention("education", 0.6);
    w->state()->setRetention("marital-status", 0.8);
    idle();
    for (const StepDescriptor& d : workflowSteps()) {
        if (d.step == WorkflowStep::Baskets)
            continue; // last: it opens a basket file
        w->showStep(d.step);
        idle();
        visit("step " + d.name, w);
    }
    for (const ViewDescriptor& v : viewCatalog()) {
        if (v.step == WorkflowStep::Baskets)
            continue;
        w->showView(v.name);
        idle();
        visit("view " + v.name, w);
    }
    // The Data page with its randomized preview.
    w->showView("data");
    if (QAbstractButton* preview = w->view<DataPage>("data")->previewToggle(); preview && !preview->isChecked()) {
        preview->click();
        idle();
        visit("view data (randomized preview)", w);
        preview->click();
        idle();
    }
    // The dialogs.
    w->showView("risk");
    idle();
    visitDialog("record group dialog", w->view<RiskView>("risk")->showGroup(0), visit);
    visitDialog("release dialog", w->createReleaseDialog(), visit);
    visitDialog("import dialog", new ImportDialog(w->state()->dataPaths(), w), visit);
    visitDialog("open database dialog", new OpenDatabaseDialog(w), visit);
    visitDialog("bin dialog", w->openBinDialog("age"), visit);
    visitDialog("guide dialog", new GuideDialog(w), visit);
    if (const auto a = w->workspace()->analysis()) {
        const auto& sex = a->categories[static_cast<std::size_t>(a->axisOf("sex"))];
        visitDialog("matrix editor", new MatrixEditor("sex", sex, Eigen::Vector2d(100, 200), 0.8, w), visit);
    }
    // The Baskets workspace, empty and with a basket file.
    w->showStep(WorkflowStep::Baskets);
    idle();
    visit("step baskets (no file)", w);
    w->openBaskets(QString(RR_SHARED_DATA_DIR) + "/baskets/small.dat");
    auto* baskets = w->view<BasketsView>("baskets");
    baskets->workspace()->waitForIdle();
    QApplication::processEvents();
    baskets->workspace()->waitForIdle();
    QApplication::processEvents();
    visit("step baskets (small.dat)", w);
}

// "QSlider 'name' in QWidget 'panel' < ParameterPanel 'parameters' < ...": how to find a widget.
inline QString describe(const QObject* o)
{
    QStringList chain;
    for (const QObject* p = o; p; p = p->parent())
        chain << QString("%1 '%2'").arg(p->metaObject()->className(), p->objectName());
    return chain.join(" < ");
}

} // namespace rr::ui::testing
