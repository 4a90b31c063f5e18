#include "ui/baskets/BasketsCharts.h"

#include "ui/charts/ChartStyle.h"

#include <QCategoryAxis>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace rr::ui {
namespace {

QLineSeries* line(QChart* chart, const QString& name, const QColor& color, Qt::PenStyle style, double width = 2.2)
{
    auto* s = new QLineSeries;
    s->setName(name);
    QPen pen(color, width);
    pen.setStyle(style);
    s->setPen(pen);
    chart->addSeries(s);
    return s;
}

void attach(QAbstractSeries* s, QAbstractAxis* x, QAbstractAxis* y)
{
    s->attachAxis(x);
    s->attachAxis(y);
}

// A tick step of 1, 2 or 5 times a power of ten giving about five intervals over `span`.
} // namespace

BasketBreachChart::BasketBreachChart(QWidget* parent) : ChartView("basket-breach", parent)
{
    setAccessibleName(tr("Worst privacy breach chart"));
    auto* chart = new QChart;
    style::setUpChart(chart, tr("Worst-case breach per transaction size"));
    m_x = style::valueAxis(tr("transaction size m"), "%d");
    m_y = style::valueAxis(tr("worst P[a \u2208 t | A \u2286 t\u2032]"), "%.1f");
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    m_worst = line(chart, tr("worst-case breach"), style::estimate(), Qt::SolidLine);
    m_worst->setPointsVisible(true);
    m_worst->setMarkerSize(6);
    m_other = line(chart, tr("other items"), style::expected(), Qt::SolidLine);
    m_other->setPointsVisible(true);
    m_other->setMarkerSize(6);
    m_level = line(chart, tr("breach level"), style::tau(), Qt::DashLine);
    attach(m_worst, m_x, m_y);
    attach(m_other, m_x, m_y);
    attach(m_level, m_x, m_y);
    style::hideLegendMarker(chart, m_other);
    installChart(chart);
    setViewportUpdateMode(QGraphicsView::FullViewportUpdate); // no stale markers (see MiningQualityChart)
}

void BasketBreachChart::setFrame(const BasketsFrame& frame, const Transactions& baskets)
{
    QList<QPointF> pts;
    double lo = 1e9, hi = 0;
    QList<const SizeBreach*> blind; // rows for all baskets: one per keep class
    for (const SizeBreach& sb : frame.breach.sizes) {
        if (sb.m < 0) {
            blind << &sb;
            continue;
        }
        if (!std::isfinite(sb.worst))
            continue;
        pts << QPointF(sb.m, sb.worst);
        lo = std::min(lo, double(sb.m));
        hi = std::max(hi, double(sb.m));
    }
    QList<QPointF> other;
    if (!blind.isEmpty()) { // per-item operators are blind to the size: one value for every basket
        lo = 1;
        hi = 10;
        for (std::size_t i = 0; i < baskets.size(); ++i) // the line spans the data's sizes
            hi = std::max(hi, static_cast<double>(baskets.basketSize(i)));
        pts = {QPointF(lo, blind[0]->worst), QPointF(hi, blind[0]->worst)};
        const bool classes = blind.size() > 1;
        style::setName(m_worst, classes ? tr("%1 (fp)").arg(QString::fromStdString(blind[0]->label))
                                        : tr("worst-case breach, all baskets"));
        if (classes) {
            other = {QPointF(lo, blind[1]->worst), QPointF(hi, blind[1]->worst)};
            style::setName(m_other, tr("%1 (nfp)").arg(QString::fromStdString(blind[1]->label)));
        }
        style::setAxisTitle(m_x, tr("transaction size m (the operator ignores it)"));
    } else {
        style::setName(m_worst, tr("worst-case breach"));
        style::setAxisTitle(m_x, tr("transaction size m"));
    }
    if (pts.isEmpty()) {
        lo = 0;
        hi = 1;
    }
    m_worst->replace(pts);
    m_other->replace(other);
    m_other->setVisible(!other.isEmpty());
    if (auto* chartLegend = chart()->legend())
        for (QLegendMarker* marker : chartLegend->markers(m_other))
            marker->setVisible(!other.isEmpty());
    m_level->replace({QPointF(lo, frame.choice.level), QPointF(hi, frame.choice.level)});
    style::setName(m_level, tr("breach level %1%").arg(100 * frame.choice.level));
    style::setRange(m_x, lo, std::max(hi, lo + 1));
    style::roundTicks(m_x, std::max(1.0, style::niceStep(std::max(hi, lo + 1) - lo))); // sizes are whole
    style::setRange(m_y, 0, 1.02); // markers at 1 stay whole
    style::roundTicks(m_y, 0.2);
    markDrawn();
}

void BasketBreachChart::clear()
{
    m_worst->clear();
    m_other->clear();
    m_level->clear();
    markEmpty();
}

RecoveredSupportsChart::RecoveredSupportsChart(QWidget* parent) : ChartView("basket-supports", parent)
{
    setAccessibleName(tr("Recovered supports chart"));
    auto* chart = new QChart;
    style::setUpChart(chart, tr("Recovered supports, 95% ranges"));
    m_x = new QCategoryAxis;
    m_x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_x->setTitleText(tr("itemset (item ids of the file)"));
    m_x->setLabelsAngle(-45);
    m_y = style::valueAxis(tr("support (share of baskets)"), "%.2f");
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    m_truth = new QScatterSeries;
    m_truth->setName(tr("true support"));
    m_truth->setColor(style::original());
    m_truth->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    m_truth->setMarkerSize(11);
    m_estimates = new QScatterSeries;
    m_estimates->setName(tr("recovered (preview)"));
    m_estimates->setColor(style::estimate());
    m_estimates->setMarkerSize(10);
    chart->addSeries(m_truth);
    chart->addSeries(m_estimates);
    attach(m_truth, m_x, m_y);
    attach(m_estimates, m_x, m_y);
    installChart(chart);
    setViewportUpdateMode(QGraphicsView::FullViewportUpdate); // no stale markers (see MiningQualityChart)
}

void RecoveredSupportsChart::clear()
{
    for (QLineSeries* s : m_ranges) {
        chart()->removeSeries(s);
        delete s;
    }
    m_ranges.clear();
    // A fresh category axis: removing categories one by one leaves their labels drawn (Qt 6.4).
    auto* x = new QCategoryAxis;
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    x->setTitleText(m_x->titleText());
    x->setTitleFont(m_x->titleFont());
    x->setLabelsAngle(-45);
    chart()->removeAxis(m_x);
    delete m_x;
    m_x = x;
    chart()->addAxis(m_x, Qt::AlignBottom);
    m_truth->attachAxis(m_x);
    m_estimates->attachAxis(m_x);
    m_truth->clear();
    m_estimates->clear();
}

void RecoveredSupportsChart::setFrame(const BasketsFrame& frame, const Transactions& baskets)
{
    clear();
    QChart* c = chart();
    QList<QPointF> truth, estimates;
    double hi = 0.05, lo = 0;
    for (std::size_t i = 0; i < frame.recovered.size(); ++i) {
        const RecoveredItemset& r = frame.recovered[i];
        const double x = static_cast<double>(i) + 1;
        QStringList ids; // compact: a category is narrow (the table beside names the itemset in full)
        for (std::uint32_t a : r.items)
            ids << QString::number(baskets.label(a));
        m_x->append(ids.join(","), x);
        truth << QPointF(x, r.trueSupport);
        hi = std::max(hi, r.trueSupport);
        if (!r.estimate.defined || !std::isfinite(r.estimate.estimate))
            continue; // "undefined: reason" is in the table beside the chart
        estimates << QPointF(x, r.estimate.estimate);
        hi = std::max(hi, r.estimate.estimate);
        lo = std::min(lo, r.estimate.estimate);
        if (r.rangeDefined) {
            QLineSeries* s = line(c, QString(), style::whisker(), Qt::SolidLine, 2.0);
            s->replace({QPointF(x, r.range.rawLo), QPointF(x, r.range.rawHi)});
            attach(s, m_x, m_y);
            style::hideLegendMarker(c, s);
            m_ranges << s;
            hi = std::max(hi, r.range.rawHi);
            lo = std::min(lo, r.range.rawLo);
        }
    }
    m_truth->replace(truth);
    m_estimates->replace(estimates);
    // Level labels when they fit side by side (short itemsets), upright otherwise: slanted ones were cut.
    qsizetype longest = 1;
    for (const QString& label : m_x->categoriesLabels())
        longest = std::max(longest, label.size());
    const double need = static_cast<double>(frame.recovered.size()) * static_cast<double>(longest + 2) *
                        QFontMetricsF(m_x->labelsFont()).averageCharWidth();
    m_x->setLabelsAngle(need < std::max(200.0, chart()->size().width() * 0.7) ? 0 : -90);
    m_x->setStartValue(0.5);
    m_x->setRange(0.5, static_cast<double>(frame.recovered.size()) + 0.5);
    style::setRange(m_y, lo, hi * 1.08);
    style::roundTicks(m_y, style::niceStep(hi * 1.08 - lo));
    markDrawn();
}

MiningQualityChart::MiningQualityChart(QWidget* parent) : ChartView("basket-mining", parent)
{
    setAccessibleName(tr("Mining quality chart"));
    auto* chart = new QChart;
    style::setUpChart(chart, tr("Mining the preview: precision, recall"));
    m_x = style::valueAxis(tr("minimum support s_min (%)"), "%.1f");
    m_y = style::valueAxis(tr("share of itemsets"), "%.1f");
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    m_precision = line(chart, tr("precision"), style::original(), Qt::SolidLine);
    m_recall = line(chart, tr("recall"), style::expected(), Qt::SolidLine);
    for (QLineSeries* s : {m_precision, m_recall}) {
        s->setPointsVisible(true);
        s->setMarkerSize(8);
        attach(s, m_x, m_y);
    }
    installChart(chart);
    // Markers of replaced points lie outside the lines' changed region: repaint the whole view.
    setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
}

void MiningQualityChart::clear()
{
    m_precision->clear();
    m_recall->clear();
    markEmpty();
}

void MiningQualityChart::setFrame(const BasketsFrame& frame)
{
    QList<QPointF> precision, recall;
    double lo = 1e9, hi = 0;
    for (const PrecisionRecallPoint& p : frame.precisionRecall) {
        const double x = 100 * p.minSupport;
        lo = std::min(lo, x);
        hi = std::max(hi, x);
        if (p.comparison.precision.defined)
            precision << QPointF(x, p.comparison.precision.value);
        if (p.comparison.recall.defined)
            recall << QPointF(x, p.comparison.recall.value);
    }
    if (hi < lo) {
        lo = 0;
        hi = 1;
    }
    const double pad = std::max(0.05 * (hi - lo), 0.05);
    style::setRange(m_x, lo - pad, hi + pad);
    style::roundTicks(m_x, style::niceStep(hi - lo + 2 * pad));
    style::setRange(m_y, 0, 1.02); // markers at 1 stay whole
    style::roundTicks(m_y, 0.2);
    m_precision->replace(precision);
    m_recall->replace(recall);
    markDrawn();
}

ReconstructionChart::ReconstructionChart(QWidget* parent) : ChartView("basket-privacy", parent)
{
    setAccessibleName(tr("Reconstruction privacy chart"));
    auto* chart = new QChart;
    style::setUpChart(chart, tr("Reconstruction probability R(p, s), 002"));
    m_x = new QLogValueAxis;
    m_x->setBase(10);
    m_x->setLabelFormat("%g");
    m_x->setMinorTickCount(-1);
    m_x->setMinorGridLineVisible(false);
    m_x->setTitleText(tr("item support s (log scale)"));
    m_y = style::valueAxis(tr("R(p, s)"), "%.1f");
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    const QColor colors[] = {style::estimate(), style::expected()};
    for (const QColor& c : colors) {
        QLineSeries* s = line(chart, QString(), c, Qt::SolidLine);
        attach(s, m_x, m_y);
        m_classes << s;
    }
    m_overall = line(chart, tr("R over the items"), style::tau(), Qt::DashLine);
    attach(m_overall, m_x, m_y);
    installChart(chart);
}

void ReconstructionChart::clear()
{
    for (QLineSeries* s : m_classes)
        s->clear();
    m_overall->clear();
    markEmpty();
}

void ReconstructionChart::setFrame(const BasketsFrame& frame)
{
    clear();
    if (!frame.reconstruction.defined || frame.reconstructionCurves.empty())
        return; // the view shows frame.reconstruction.reason instead
    double lo = 1, hi = 1;
    for (int i = 0; i < m_classes.size(); ++i) {
        QLineSeries* s = m_classes[i];
        const bool shown = static_cast<std::size_t>(i) < frame.reconstructionCurves.size();
        s->setVisible(shown);
        if (auto* legend = chart()->legend())
            for (QLegendMarker* marker : legend->markers(s))
                marker->setVisible(shown);
        if (!shown)
            continue;
        const ReconstructionCurve& c = frame.reconstructionCurves[static_cast<std::size_t>(i)];
        QList<QPointF> pts;
        for (std::size_t j = 0; j < c.supports.size(); ++j)
            if (std::isfinite(c.values[j]) && c.supports[j] > 0) {
                pts << QPointF(c.supports[j], c.values[j]);
                lo = std::min(lo, c.supports[j]);
            }
        s->replace(pts);
        // Short names: the chart is narrow (the privacy tab names the classes in full).
        const QString symbol = frame.op.kind == OperatorKind::FrequencyAware ? (i == 0 ? "fp" : "nfp") : "p";
        style::setName(s, tr("%1 = %2").arg(symbol).arg(c.keepClass.keep, 0, 'g', 6));
    }
    m_overall->replace({QPointF(lo, frame.reconstruction.overall), QPointF(hi, frame.reconstruction.overall)});
    style::setName(m_overall, tr("R = %1").arg(frame.reconstruction.overall, 0, 'g', 4));
    m_x->setRange(lo, hi);
    style::setRange(m_y, 0, 1.02);
    style::roundTicks(m_y, 0.2);
    markDrawn();
}

} // namespace rr::ui
