#include "ui/mainwindow/WindowMenus.h"

#include "ui/help/GuideDialog.h"
#include "ui/mainwindow/WindowActions.h"

#include <QAction>
#include <QApplication>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>
#include <QToolBar>
#include <QToolButton>

namespace rr::ui {
namespace {
// The menus' texts keep the window's translation context.
struct MenuText {
    Q_DECLARE_TR_FUNCTIONS(rr::ui::MainWindow)
};

// File: open, recent, save, export, release, quit.
QMenu* createFileMenu(QMainWindow& window, const WindowActions& a)
{
    QMenu* file = window.menuBar()->addMenu(MenuText::tr("&File"));
    file->addActions({a.openCsv, a.openSample, a.openDatabase, a.openBaskets, a.openSession});
    QMenu* recent = file->addMenu(MenuText::tr("Open &Recent"));
    file->addSeparator();
    file->addActions({a.save, a.saveAs});
    file->addSeparator();
    file->addActions({a.exportChart, a.copyChart, a.exportReport});
    file->addSeparator();
    file->addAction(a.release);
    file->addSeparator();
    file->addAction(a.quit);
    return recent;
}

void showAbout(QWidget* window)
{
    QMessageBox::about(
        window, MenuText::tr("About RR Explorer"),
        MenuText::tr("<h3>RR Explorer %1</h3><p>Randomized response on categorical microdata: see what attackers can "
                     "still infer (attribute disclosure, Pr(S|QI)) and what analysts lose (reconstruction error), "
                     "and let the optimizer find retention probabilities for a target l.</p>"
                     "<p>Formulas follow the dissertation's Chapter 5 (eq. 5.1\u2013"
                     "5.18). Sample data: UCI Adult "
                     "(CC BY 4.0).</p>")
            .arg(QApplication::applicationVersion()));
}

// Help: the guide, About RR Explorer, About Qt.
void createHelpMenu(QMainWindow& window)
{
    QMenu* help = window.menuBar()->addMenu(MenuText::tr("&Help"));
    QAction* guide = help->addAction(MenuText::tr("&Guide"), &window, [w = &window]() {
        auto* dialog = new GuideDialog(w);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    guide->setShortcut(QKeySequence::HelpContents);
    guide->setObjectName("guideAction");
    help->addAction(MenuText::tr("&About RR Explorer"), &window, [w = &window]() { showAbout(w); });
    help->addAction(MenuText::tr("About &Qt"), qApp, &QApplication::aboutQt);
}
} // namespace

WindowMenus createMenus(QMainWindow& window, const WindowActions& a, const QList<QAction*>& pageCommands)
{
    WindowMenus menus{};
    menus.recent = createFileMenu(window, a);
    QMenu* edit = window.menuBar()->addMenu(MenuText::tr("&Edit"));
    edit->addActions({a.undo, a.redo});
    edit->addSeparator();
    edit->addAction(a.reset);
    menus.view = window.menuBar()->addMenu(MenuText::tr("&View"));
    QMenu* analysis = window.menuBar()->addMenu(MenuText::tr("&Analysis"));
    analysis->addActions(a.modes);
    analysis->addSeparator();
    analysis->addActions({a.optimize, a.resample});
    analysis->addActions(pageCommands);
    analysis->addSeparator();
    analysis->addAction(a.cancel);
    createHelpMenu(window);
    return menus;
}

// The main toolbar (undo and redo as icons only).
void createMainToolBar(QMainWindow& window, const WindowActions& a)
{
    QToolBar* bar = window.addToolBar(MenuText::tr("Main"));
    bar->setObjectName("mainToolBar");
    bar->setIconSize(QSize(20, 20));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addActions({a.openCsv, a.save});
    bar->addSeparator();
    bar->addActions({a.undo, a.redo, a.reset});
    bar->addSeparator();
    bar->addActions({a.optimize, a.resample});
    bar->addSeparator();
    bar->addAction(a.exportChart);
    // Undo/redo texts name the step ("Undo p(education) = 0.8"): icons only, so the bar keeps its width.
    for (QAction* u : {a.undo, a.redo})
        if (auto* b = qobject_cast<QToolButton*>(bar->widgetForAction(u)))
            b->setToolButtonStyle(Qt::ToolButtonIconOnly);
}

} // namespace rr::ui
