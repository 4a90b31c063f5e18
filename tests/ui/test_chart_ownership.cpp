// Every chart view owns exactly one QChart: the default chart QChartView starts with is deleted when a
// view installs its own (QChartView::setChart only releases the chart it replaces, ~200 KB a window),
// and the view's chart goes with the view. QCharts alive are counted through Qt's object hooks
// (qtHookData, the interface GammaRay uses), so a leaked chart shows up as a count, not only under LSan.
#include "ui/charts/DistributionChart.h"
#include "ui/charts/IntervalsChart.h"
#include "ui/charts/RiskChart.h"
#include "ui/charts/SurfaceChart.h"
#include "ui/charts/TradeOffChart.h"
#include "ui/comparison/MeasureBarChart.h"
#include "ui/comparison/UncertaintyHeatMap.h"
#include "ui/measures/MeasureForestChart.h"
#include "ui/measures/MeasureSweepChart.h"
#include "ui/measures/RulesChart.h"

#include <QChart>
#include <QtTest>

#include <functional>
#include <memory>
#include <mutex>
#include <set>

// Qt's hook table (private API, stable since Qt 5.4): entry 3 is called for every QObject constructed,
// entry 4 for every QObject destroyed.
extern Q_DECL_IMPORT quintptr qtHookData[];

namespace {

constexpr int kAddQObject = 3, kRemoveQObject = 4;
std::mutex g_mutex;
std::set<QObject*> g_alive;

void added(QObject* o)
{
    std::lock_guard lock(g_mutex);
    g_alive.insert(o);
}
void removed(QObject* o)
{
    std::lock_guard lock(g_mutex);
    g_alive.erase(o);
}

// QCharts alive now (objects fully constructed, so the cast is safe).
int chartsAlive()
{
    std::lock_guard lock(g_mutex);
    int n = 0;
    for (QObject* o : g_alive)
        n += qobject_cast<QChart*>(o) != nullptr;
    return n;
}

using Factory = std::function<QWidget*()>;

} // namespace

Q_DECLARE_METATYPE(Factory)

class TestChartOwnership : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        qtHookData[kAddQObject] = reinterpret_cast<quintptr>(&added);
        qtHookData[kRemoveQObject] = reinterpret_cast<quintptr>(&removed);
    }
    void cleanupTestCase()
    {
        qtHookData[kAddQObject] = 0;
        qtHookData[kRemoveQObject] = 0;
    }

    void oneChartPerView_data()
    {
        QTest::addColumn<Factory>("make");
        QTest::newRow("distribution") << Factory([] { return new rr::ui::DistributionChart; });
        QTest::newRow("intervals") << Factory([] { return new rr::ui::IntervalsChart; });
        QTest::newRow("risk") << Factory([] { return new rr::ui::RiskChart; });
        QTest::newRow("surface") << Factory([] { return new rr::ui::SurfaceChart; });
        QTest::newRow("tradeoff") << Factory([] { return new rr::ui::TradeOffChart; });
        QTest::newRow("measures") << Factory([] { return new rr::ui::MeasureBarChart; });
        QTest::newRow("heatmap") << Factory([] { return new rr::ui::UncertaintyHeatMap; });
        QTest::newRow("measures_forest") << Factory([] { return new rr::ui::MeasureForestChart; });
        QTest::newRow("measures_sweep") << Factory([] { return new rr::ui::MeasureSweepChart; });
        QTest::newRow("rules") << Factory([] { return new rr::ui::RulesChart; });
    }
    void oneChartPerView()
    {
        QFETCH(Factory, make);
        const int before = chartsAlive();
        {
            std::unique_ptr<QWidget> a(make()), b(make());
            QCOMPARE(chartsAlive() - before, 2);
        }
        QCOMPARE(chartsAlive() - before, 0);
    }
};

QTEST_MAIN(TestChartOwnership)
#include "test_chart_ownership.moc"
