#include "ui/baskets/BasketsHeadless.h"
#include "ui/texts/ErrorText.h"

#include "core/data/Errors.h"
#include "ui/baskets/BasketsCharts.h"
#include "ui/baskets/BasketsSession.h"
#include "ui/baskets/BasketsWorkspace.h"

#include <QFileInfo>
#include <QTextStream>

#include <memory>

namespace rr::ui {

int exportBasketsChart(const HeadlessOptions& o, QTextStream& err)
{
    BasketsSession session;
    try {
        session = readBasketsSession(o.session);
        checkHeadlessOutput(o, {session.dataPath});
    } catch (const InputError& e) {
        err << "rr-explorer: " << errorText(e) << "\n";
        return 2;
    }
    BasketsWorkspace workspace;
    QStringList errors;
    QObject::connect(&workspace, &BasketsWorkspace::errorOccurred, [&errors](const QString& m) { errors << m; });
    workspace.open(session.dataPath);
    workspace.waitForIdle();
    if (!workspace.data()) {
        err << "rr-explorer: " << errors.join("; ") << "\n";
        return 2;
    }
    workspace.setChoice(session.choice);
    workspace.waitForIdle();
    const auto frame = workspace.frame();
    if (!frame || !errors.isEmpty()) {
        err << "rr-explorer: "
            << (errors.isEmpty() ? QObject::tr("the baskets frame could not be computed") : errors.join("; ")) << "\n";
        return 1;
    }
    const Transactions& t = workspace.data()->baskets;
    std::unique_ptr<ChartView> view;
    if (o.chart == "basket-breach") {
        auto c = std::make_unique<BasketBreachChart>();
        c->setFrame(*frame, t);
        view = std::move(c);
    } else if (o.chart == "basket-supports") {
        auto c = std::make_unique<RecoveredSupportsChart>();
        c->setFrame(*frame, t);
        view = std::move(c);
    } else if (o.chart == "basket-privacy") {
        if (!frame->reconstruction.defined) {
            err << "rr-explorer: R(p, s) (002 eq. 13-17) does not apply to "
                << QString::fromStdString(operatorName(frame->op.kind)) << ": "
                << QString::fromStdString(frame->reconstruction.reason) << "\n";
            return 2;
        }
        auto c = std::make_unique<ReconstructionChart>();
        c->setFrame(*frame);
        view = std::move(c);
    } else {
        auto c = std::make_unique<MiningQualityChart>();
        c->setFrame(*frame);
        view = std::move(c);
    }
    layOutOffscreen(view.get(), o);
    return writeHeadlessChart(view.get(), o, err);
}

} // namespace rr::ui
