// Tick labels say the tick's value: a step of 0.25 is labelled 0.25 and 0.75, not 0.3 and 0.8 (issue 20,
// bug 10; the basket-size axis also ticks at whole numbers only, so no "0 0 0 0 1").
#include "ui/charts/ChartStyle.h"

#include <QSet>
#include <QValueAxis>
#include <QtTest>

#include <cmath>

using namespace rr::ui;

namespace {
QString label(const QValueAxis& axis, double value)
{
    return QString::asprintf(axis.labelFormat().toLatin1().constData(), value);
}
} // namespace

class TestChartTicks : public QObject {
    Q_OBJECT
private slots:
    void labelsSayTheTicks()
    {
        for (double step : {0.25, 0.2, 0.05, 0.025, 2.5, 1.0, 0.1, 0.5, 5.0, 250.0, 0.125}) {
            QValueAxis axis;
            style::roundTicks(&axis, step);
            QSet<QString> seen;
            for (int k = 0; k <= 8; ++k) {
                const double tick = k * step;
                const QString text = label(axis, tick);
                QVERIFY2(std::abs(text.toDouble() - tick) <= 1e-9 * std::max(1.0, tick),
                         qPrintable(QString("step %1: tick %2 labelled %3").arg(step).arg(tick).arg(text)));
                QVERIFY2(!seen.contains(text), qPrintable(text));
                seen.insert(text);
            }
        }
        QCOMPARE(style::decimalsFor(0.25), 2);
        QCOMPARE(style::decimalsFor(0.2), 1);
        QCOMPARE(style::decimalsFor(5), 0);
    }

    void niceStepsAreRound()
    {
        for (double span : {0.003, 0.07, 0.9, 1.0, 3.7, 12.0, 480.0, 1e6}) {
            const double step = style::niceStep(span);
            QVERIFY(step * 5 >= span * (1 - 1e-12));
            QVERIFY(step * 5 < span * 2.6); // not coarser than needed
            const double mantissa = step / std::pow(10.0, std::floor(std::log10(step) + 1e-12));
            QVERIFY2(std::abs(mantissa - 1) < 1e-9 || std::abs(mantissa - 2) < 1e-9 || std::abs(mantissa - 2.5) < 1e-9 ||
                         std::abs(mantissa - 5) < 1e-9,
                     qPrintable(QString::number(mantissa)));
        }
    }
};

QTEST_MAIN(TestChartTicks)
#include "test_chart_ticks.moc"
