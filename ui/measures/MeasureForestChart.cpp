#include "ui/texts/CoreTexts.h"
#include "ui/measures/MeasureForestChart.h"

#include "ui/charts/ChartStyle.h"

#include <QCategoryAxis>
#include <QFontInfo>
#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <optional>

namespace rr::ui {
namespace {
// Relative deviations beyond +-kCap (e.g. +-300%) run off the plot: a Chebyshev range near p = 1/d is
// wider than any useful axis.
constexpr double kCap = 3.0;

// Each row relative to its original value (`rel`) and the value without p (`withoutP`); returns the axis
// half-width: the widest normal range end or value without p, at least 0.1, at most kCap.
double relativeRows(const std::vector<const MeasureEstimate*>& rows, int n, std::vector<RelativeEstimate>& rel,
                    std::vector<std::optional<double>>& withoutP)
{
    double limit = 0.1;
    for (int i = 0; i < n; ++i) {
        const MeasureEstimate& e = *rows[static_cast<std::size_t>(i)];
        rel.push_back(relativeToOriginal(e));
        const RelativeEstimate& r = rel.back();
        withoutP.emplace_back();
        if (!r.defined)
            continue;
        limit = std::max(limit, std::abs(r.estimate));
        if (r.normal)
            limit = std::max({limit, std::abs(r.normal->lo), std::abs(r.normal->hi)});
        if (e.randomized.defined) {
            const double x = (e.randomized.value - e.original->value) / std::abs(e.original->value);
            if (std::isfinite(x)) {
                withoutP.back() = x;
                limit = std::max(limit, std::abs(x));
            }
        }
    }
    return std::min(kCap, limit * 1.1);
}
} // namespace

std::vector<const MeasureEstimate*> forestRows(const PairMeasures& m)
{
    std::vector<const MeasureEstimate*> rows;
    for (const MeasureEstimate& e : m.measures)
        rows.push_back(&e);
    for (const MeasureEstimate& e : m.fullTable)
        rows.push_back(&e);
    return rows;
}

MeasureForestChart::MeasureForestChart(QWidget* parent) : ChartView("measures_forest", parent)
{
    setAccessibleName(tr("Association measures chart"));
    auto* chart = new QChart;
    style::setUpChart(chart, tr("Association measures relative to the original"));
    QColor cheb = style::expected();
    QColor norm = style::original();
    for (int i = 0; i < kMaxRows; ++i) {
        auto* c = new QLineSeries(this);
        c->setPen(QPen(cheb, 2.0));
        auto* n = new QLineSeries(this);
        n->setPen(QPen(norm, 5.0, Qt::SolidLine, Qt::FlatCap));
        m_chebyshev << c;
        m_normal << n;
        m_rowOfSeries << -1;
        chart->addSeries(c);
        chart->addSeries(n);
    }
    m_zero = new QLineSeries(this);
    m_zero->setPen(QPen(Qt::black, 1.4, Qt::DashLine));
    m_randomized = new QScatterSeries(this);
    m_randomized->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    m_randomized->setMarkerSize(8);
    m_randomized->setColor(style::tau());
    m_randomized->setBorderColor(style::tau().darker(150));
    m_estimate = new QScatterSeries(this);
    m_estimate->setMarkerSize(10);
    m_estimate->setColor(style::estimate());
    m_estimate->setBorderColor(Qt::black);
    chart->addSeries(m_zero);
    chart->addSeries(m_randomized);
    chart->addSeries(m_estimate);

    m_x = style::valueAxis(tr("(value \u2212 original) / |original|"), "%.2f");
    m_y = new QCategoryAxis;
    m_y->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_y->setGridLineVisible(false);
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    for (QAbstractSeries* s : chart->series()) {
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    for (int i = 1; i < kMaxRows; ++i) {
        style::hideLegendMarker(chart, m_chebyshev[i]);
        style::hideLegendMarker(chart, m_normal[i]);
    }
    installChart(chart);
    // Qt Charts cuts a category label to "..." when it is taller than the axis height over the number of
    // rows less twice its padding (7 px for 26 rows at 1280 x 800): the row labels are drawn here, right
    // aligned in the chart's left margin, in the largest font (at most the chart's) whose line fits a row
    // (issue 20, bug 1).
    m_y->setLabelsVisible(false);
    connect(chart, &QChart::plotAreaChanged, this, &MeasureForestChart::placeRowLabels);
}

void MeasureForestChart::placeRowLabels()
{
    const int rows = static_cast<int>(m_rowItems.size());
    if (rows == 0)
        return;
    // Ticks no closer than a label needs (about 55 px): a narrow plot gets fewer instead of labels cut to "...".
    const double base = m_limit <= 0.5 ? 0.1 : m_limit <= 1.5 ? 0.25 : 0.5;
    const int fit = std::max(2, static_cast<int>(chart()->plotArea().width() / 55));
    const double step = std::max(base, style::niceStep(2 * m_limit, fit));
    if (m_x->tickInterval() != step)
        style::roundTicks(m_x, step); // relays the chart out and comes back here
    const double rowHeight = chart()->plotArea().height() / (rows - 1 + 1.4); // range -0.7 .. n - 1 + 0.7
    QFont font = chart()->font();
    int pixels = QFontInfo(font).pixelSize();
    font.setPixelSize(pixels);
    while (pixels > 8 && QFontMetricsF(font).height() > rowHeight)
        font.setPixelSize(--pixels);
    const QFontMetricsF metrics(font);
    double widest = 0;
    for (QGraphicsSimpleTextItem* item : m_rowItems) {
        item->setFont(font);
        widest = std::max(widest, metrics.horizontalAdvance(item->text()));
    }
    QMargins margins = chart()->margins();
    const int left = static_cast<int>(std::ceil(widest)) + 12;
    if (margins.left() != left) { // relays the chart out and comes back here
        margins.setLeft(left);
        chart()->setMargins(margins);
        return;
    }
    for (int i = 0; i < rows; ++i) {
        QGraphicsSimpleTextItem* item = m_rowItems[i];
        const QPointF at = chart()->mapToPosition(QPointF(0, rows - 1 - i), m_zero);
        item->setPos(chart()->plotArea().left() - 6 - metrics.horizontalAdvance(item->text()),
                     at.y() - metrics.height() / 2);
    }
}

void MeasureForestChart::setData(const MeasuresFrame& f)
{
    const std::vector<const MeasureEstimate*> rows = forestRows(f.measures);
    const int n = std::min(static_cast<int>(rows.size()), kMaxRows);
    std::vector<RelativeEstimate> rel;
    std::vector<std::optional<double>> withoutP;
    const double limit = relativeRows(rows, n, rel, withoutP);
    m_limit = limit;

    while (!m_y->categoriesLabels().isEmpty())
        m_y->remove(m_y->categoriesLabels().front());
    m_labels.clear();
    for (int i = 0; i < kMaxRows; ++i) {
        m_normal[i]->clear();
        m_chebyshev[i]->clear();
        m_rowOfSeries[i] = -1;
    }
    const bool anyUndefined = fillRowLabels(f, rows, rel, n);
    layoutRows(anyUndefined, limit, n);
    plotRows(rel, withoutP, n, limit);
    m_y->setStartValue(-0.7);
    m_y->setRange(-0.7, std::max(0, n - 1) + 0.7);
    style::setRange(m_x, -limit, limit);
    style::roundTicks(m_x, limit <= 0.5 ? 0.1 : limit <= 1.5 ? 0.25 : 0.5); // placeRowLabels widens it to fit
    m_zero->replace(QList<QPointF>{{0.0, -0.7}, {0.0, std::max(0, n - 1) + 0.7}});
    placeRowLabels();

    nameSeries(f);
    markDrawn();
}

// Short row labels: Qt Charts gives the axes at most 40% of the chart's width and otherwise cuts every
// label to "..." (issue 20, bug 1). The whole-table measures carry the table's size (labels must be
// unique), a row without a value a mark the axis title explains. True when a row has no value.
bool MeasureForestChart::fillRowLabels(const MeasuresFrame& f, const std::vector<const MeasureEstimate*>& rows,
                                       const std::vector<RelativeEstimate>& rel, int n)
{
    bool anyUndefined = false;
    for (int i = 0; i < n; ++i) {
        const MeasureEstimate& e = *rows[static_cast<std::size_t>(i)];
        QString label = coreText(e.label);
        if (static_cast<std::size_t>(i) >= f.measures.measures.size())
            label += tr(", %1\u00D7%2").arg(f.measures.d1).arg(f.measures.d2);
        if (!rel[static_cast<std::size_t>(i)].defined) {
            label += QStringLiteral(" \u2205");
            anyUndefined = true;
        }
        m_labels << label;
    }
    return anyUndefined;
}

// The chart's height for the rows, the x axis's title, the row label items and the category axis.
void MeasureForestChart::layoutRows(bool anyUndefined, double limit, int n)
{
    // Every row at least an 8 px font's height beside the title, legend and axis: a short window scrolls the
    // plot (the Measures view holds it in a scroll area) rather than overlap the row labels.
    QFont smallest = chart()->font();
    smallest.setPixelSize(8); // placeRowLabels' smallest
    const double rowsHeight = (static_cast<double>(m_labels.size()) + 0.4) * QFontMetricsF(smallest).height();
    setMinimumHeight(std::max(260, static_cast<int>(std::ceil(rowsHeight)) + 200));
    // The clip beside the unit, not in the title: one title line leaves the rows their height at 1024 x 700.
    m_x->setTitleText(anyUndefined
                          ? tr("(value \u2212 original) / |original|, clipped at \u00B1%1;  \u2205 undefined, not plotted")
                                .arg(limit, 0, 'g', 2)
                          : tr("(value \u2212 original) / |original|, clipped at \u00B1%1").arg(limit, 0, 'g', 2));
    qDeleteAll(m_rowItems);
    m_rowItems.clear();
    for (const QString& label : m_labels) {
        auto* item = new QGraphicsSimpleTextItem(label, chart());
        item->setBrush(m_y->labelsBrush());
        item->setZValue(10);
        m_rowItems << item;
    }
    // A category axis takes its labels in increasing order of value: the bottom row (the last measure) first.
    for (int i = n - 1; i >= 0; --i)
        m_y->append(m_labels[i], n - 1 - i);
}

// Each row's estimate, its normal and Chebyshev ranges and the value without p (clipped at +-limit).
void MeasureForestChart::plotRows(const std::vector<RelativeEstimate>& rel,
                                  const std::vector<std::optional<double>>& withoutP, int n, double limit)
{
    auto clip = [limit](double x) { return std::clamp(x, -limit, limit); };
    QList<QPointF> est, rnd;
    for (int i = 0; i < n; ++i) {
        const RelativeEstimate& r = rel[static_cast<std::size_t>(i)];
        const double y = n - 1 - i; // first measure on top
        if (!r.defined)
            continue;
        // A point off the axis is not drawn (it would be drawn on the border as if it were the value).
        if (std::abs(r.estimate) <= limit)
            est << QPointF(r.estimate, y);
        if (r.normal) {
            m_normal[i]->replace(QList<QPointF>{{clip(r.normal->lo), y}, {clip(r.normal->hi), y}});
            m_rowOfSeries[i] = i;
        }
        if (r.chebyshev)
            m_chebyshev[i]->replace(QList<QPointF>{{clip(r.chebyshev->lo), y}, {clip(r.chebyshev->hi), y}});
        if (withoutP[static_cast<std::size_t>(i)] && std::abs(*withoutP[static_cast<std::size_t>(i)]) <= limit)
            rnd << QPointF(*withoutP[static_cast<std::size_t>(i)], y);
    }
    m_estimate->replace(est);
    m_randomized->replace(rnd);
}

// The series' names and the chart's title.
void MeasureForestChart::nameSeries(const MeasuresFrame& f)
{
    style::setName(m_estimate, tr("estimate (simulated release, seed %1)").arg(f.seed));
    style::setName(m_randomized, tr("randomized table, no p"));
    style::setName(m_zero, tr("original"));
    style::setName(m_normal[0], tr("normal range"));
    style::setName(m_chebyshev[0], tr("Chebyshev range"));
    const auto cat = [](const std::vector<std::string>& c, int i) {
        return style::shortLabel(QString::fromStdString(c[static_cast<std::size_t>(i)]), 14);
    };
    style::setTitle(chart(), tr("%1 = %2 vs %3 = %4 at p = %5, %6")
                                 .arg(QString::fromStdString(f.first), cat(f.categoriesFirst, f.presentFirst),
                                      QString::fromStdString(f.second), cat(f.categoriesSecond, f.presentSecond))
                                 .arg(f.pFirst, 0, 'f', 2)
                                 .arg(f.pSecond, 0, 'f', 2));
}

QList<QPointF> MeasureForestChart::estimatePoints() const
{
    return m_estimate->points();
}

QList<QPointF> MeasureForestChart::randomizedPoints() const
{
    return m_randomized->points();
}

QList<QPointF> MeasureForestChart::normalRange(int row) const
{
    if (row < 0 || row >= kMaxRows)
        return {};
    return m_normal[row]->points();
}

} // namespace rr::ui
