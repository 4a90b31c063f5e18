#include "ui/charts/DistributionChart.h"

#include "ui/charts/ChartStyle.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSet>
#include <QTimer>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace rr::ui {
namespace {
constexpr qreal kBarWidth = 0.84; // fraction of a category the three bars share
constexpr int kSets = 3;
// Centre of the estimate bar (third set) of category i, in category units.
qreal estimateCentre(int i)
{
    return i - kBarWidth / 2 + (2 + 0.5) * kBarWidth / kSets;
}
} // namespace

namespace {
QString cutPrefix(const QString& v, int k)
{
    return v.size() <= k ? v : v.left(k) + QChar(0x2026);
}

// Each part of v between '-' or ' ' cut to its first k characters: "Self-emp-not-inc" -> "S-e-n-i" at k = 1.
QString cutParts(const QString& v, int k)
{
    QString out;
    int run = 0;
    for (const QChar c : v) {
        if (c == '-' || c == ' ') {
            out += c;
            run = 0;
        } else if (run++ < k) {
            out += c;
        }
    }
    return out;
}

// How one place of a cell's label is shortened: its first `keep` characters, or (`parts`) the first character
// of each of its parts.
struct Place {
    QSet<QString> values;
    int keep = 1, longest = 1;
    bool parts = false;
    QString shown(const QString& v) const { return parts ? cutParts(v, keep) : cutPrefix(v, keep); }
    int width() const
    {
        int w = 0;
        for (const QString& v : values)
            w = std::max<int>(w, static_cast<int>(shown(v).size()));
        return w;
    }
    bool distinct() const
    {
        QSet<QString> seen;
        for (const QString& v : values)
            seen.insert(shown(v));
        return seen.size() == values.size();
    }
};

// Each place's values and the shortest prefix that keeps them apart.
std::vector<Place> placesOf(const std::vector<QStringList>& cells, std::size_t count)
{
    std::vector<Place> places(count);
    for (std::size_t i = 0; i < count; ++i) {
        Place& p = places[i];
        for (const QStringList& c : cells) {
            p.values.insert(c[static_cast<qsizetype>(i)]);
            p.longest = std::max<int>(p.longest, static_cast<int>(c[static_cast<qsizetype>(i)].size()));
        }
        while (!p.distinct() && p.keep < p.longest)
            ++p.keep;
    }
    return places;
}

// Where the distinct prefixes together pass `maxChars` (two places' prefixes did not fit the room Qt Charts
// gives a cross-tab's labels and it cut them to "...", issue 45): the widest places by their parts' initials,
// where those keep the values apart.
void partsWhereTooLong(std::vector<Place>& places, int maxChars)
{
    const auto need = [&]() {
        int n = 3 * static_cast<int>(places.size() - 1);
        for (const Place& p : places)
            n += p.width();
        return n;
    };
    while (need() > maxChars) {
        Place* widest = nullptr;
        for (Place& p : places) {
            if (p.parts || (widest && widest->width() >= p.width()))
                continue;
            Place trial = p;
            trial.parts = true;
            for (trial.keep = 1; !trial.distinct() && trial.keep < 3;)
                ++trial.keep;
            if (trial.distinct() && trial.width() < p.width())
                widest = &p;
        }
        if (!widest)
            return;
        widest->parts = true;
        for (widest->keep = 1; !widest->distinct();)
            ++widest->keep;
    }
}
} // namespace

// Short, distinct category labels within `maxChars`. A pair's cell "Married-spouse-absent | Female" is
// shortened value by value: cut as a whole, both sexes read "Married-spouse-absent |\u2026" and the
// category axis, which takes each category once, dropped one, so every bar after it moved off its range
// (issue 20, bug 2). Each value keeps at least the prefix that tells it from the other values in its place
// ("Married-A\u2026", "Married-c\u2026"; "F\u2026", "M\u2026" if room is short), or where even those are too long
// together its parts' initials ("M-c-s", "S-e-n-i"); the room left goes to the prefixes in turn.
QStringList shortCellLabels(const std::vector<std::string>& full, int maxChars)
{
    std::vector<QStringList> cells;
    for (const std::string& f : full)
        cells.push_back(QString::fromStdString(f).split(QStringLiteral(" | ")));
    const std::size_t count = cells.empty() ? 0 : static_cast<std::size_t>(cells.front().size());
    for (const QStringList& c : cells)
        if (c.size() != static_cast<qsizetype>(count))
            return QStringList(); // not cells of one table
    std::vector<Place> places = placesOf(cells, count);
    if (count > 1)
        partsWhereTooLong(places, maxChars);
    int room = maxChars - 3 * static_cast<int>(count > 0 ? count - 1 : 0);
    for (const Place& p : places)
        room -= p.width();
    for (bool grew = true; room > 0 && grew;) {
        grew = false;
        for (Place& p : places)
            if (room > 0 && !p.parts && p.keep < p.longest) {
                ++p.keep;
                room -= p.keep == p.longest ? 2 : 1; // the last character also drops the ellipsis
                grew = true;
            }
    }
    QStringList out;
    for (const QStringList& c : cells) {
        QStringList shown;
        for (std::size_t i = 0; i < count; ++i)
            shown << places[i].shown(c[static_cast<qsizetype>(i)]);
        out << shown.join(QStringLiteral(" | "));
    }
    return out;
}

DistributionChart::DistributionChart(QWidget* parent) : ChartView("distribution", parent)
{
    setAccessibleName(tr("Distribution chart: original and estimated proportions"));
    auto* chart = new QChart;
    style::setUpChart(chart, tr("Reconstructed distribution"));
    m_bars = new QBarSeries;
    m_bars->setBarWidth(kBarWidth);
    m_original = new QBarSet(tr("original \u03C0"));
    m_expected = new QBarSet(tr("expected randomized \u03BB = P\u03C0"));
    m_estimate = new QBarSet(tr("estimate P\u207B\u00B9\u03BB_obs (simulated)"));
    m_original->setColor(style::original());
    m_expected->setColor(style::expected());
    m_estimate->setColor(style::estimate());
    for (QBarSet* s : {m_original, m_expected, m_estimate}) {
        s->setBorderColor(s->color().darker(115));
        m_bars->append(s);
    }
    chart->addSeries(m_bars);
    m_x = new QBarCategoryAxis;
    m_x->setTitleText(tr("category"));
    m_y = style::valueAxis(tr("proportion of records"), "%.3f");
    m_xWhisker = new QValueAxis;
    m_xWhisker->setVisible(false);
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_xWhisker, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    m_bars->attachAxis(m_x);
    m_bars->attachAxis(m_y);
    // pi-hat = P^-1 lambda-hat is unbiased, so it can fall below 0 for small cells: drawn as it is,
    // and marked with a legend entry saying why (issue 11; the guide explains it).
    m_negative = new QScatterSeries;
    m_negative->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
    m_negative->setMarkerSize(11);
    m_negative->setColor(style::tau());
    m_negative->setBorderColor(Qt::white);
    m_negative->setVisible(false);
    chart->addSeries(m_negative);
    m_negative->attachAxis(m_xWhisker);
    m_negative->attachAxis(m_y);
    installChart(chart);
    connect(chart, &QChart::plotAreaChanged, this, &DistributionChart::shortenCutLabels, Qt::QueuedConnection);
}

QLineSeries* DistributionChart::whiskerSeries(int i)
{
    while (m_whiskers.size() <= i) {
        auto* s = new QLineSeries;
        QPen pen(style::whisker());
        pen.setWidthF(1.6);
        s->setPen(pen);
        chart()->addSeries(s);
        s->attachAxis(m_xWhisker);
        s->attachAxis(m_y);
        if (!m_whiskers.isEmpty())
            style::hideLegendMarker(chart(), s);
        m_whiskers.append(s);
    }
    return m_whiskers[i];
}

int DistributionChart::labelBudget() const
{
    const int most = std::min(m_pairs ? 24 : 18, m_budgetCap);
    const auto n = static_cast<double>(std::max<std::size_t>(1, m_fullLabels.size()));
    const QSizeF size = chart()->size();
    if (size.height() < 50)
        return most;
    // Upright labels (more than 8 cells) get about a fifth of the chart's height from Qt Charts; level
    // ones share the plot's width.
    const double room = n > 8 ? size.height() * 0.2 : size.width() * 0.8 / n;
    const double perChar = QFontMetricsF(m_x->labelsFont()).averageCharWidth() * 1.05;
    return std::clamp(static_cast<int>(room / perChar), std::min(10, most), most);
}

void DistributionChart::resizeEvent(QResizeEvent* event)
{
    ChartView::resizeEvent(event);
    m_budgetCap = kNoCap; // another room: measured again once laid out
    relabel();
    QTimer::singleShot(0, this, &DistributionChart::shortenCutLabels);
}

// The same cells named for the room: the bars stay.
void DistributionChart::relabel()
{
    if (m_fullLabels.empty())
        return;
    const QStringList labels = shortCellLabels(m_fullLabels, labelBudget());
    if (labels != m_labels) {
        m_labels = labels;
        m_x->clear();
        m_x->append(labels);
    }
}

// The budget is an estimate of the room Qt Charts gives the category labels; where Qt still cut a label to
// "..." ("Some-coll... | Ma...", issue 45) the labels are made shorter, a character at a time, once laid out.
void DistributionChart::shortenCutLabels()
{
    if (m_labels.isEmpty() || !scene())
        return;
    bool cut = false;
    for (QGraphicsItem* item : scene()->items()) {
        const auto* text = dynamic_cast<QGraphicsTextItem*>(item);
        if (!text || !text->isVisible())
            continue;
        const QString shown = text->toPlainText();
        if (!shown.endsWith(QStringLiteral("...")))
            continue;
        const QString kept = shown.chopped(3);
        cut = cut || std::any_of(m_labels.begin(), m_labels.end(), [&](const QString& l) { return l.startsWith(kept); });
    }
    const int budget = labelBudget();
    if (!cut || budget <= kLeastBudget)
        return;
    m_budgetCap = budget - 1;
    relabel();
    QTimer::singleShot(0, this, &DistributionChart::shortenCutLabels); // the plot area may not move
}

void DistributionChart::setData(const DistributionEstimate& d)
{
    const int n = static_cast<int>(d.labels.size());
    if (m_fullLabels != d.labels)
        m_budgetCap = kNoCap; // other cells: measured again once laid out
    m_fullLabels = d.labels;
    m_pairs = d.attributes.size() > 1;
    const QStringList labels = shortCellLabels(d.labels, labelBudget());
    if (labels != m_labels) { // new categories: rebuild; otherwise values are replaced in place
        resetCategories(labels, n);
    }
    const auto [lo, hi] = placeBars(d, n);
    markNegative(d, n);
    const double span = std::max(hi - lo, 1e-6);
    // Nice numbers, and only when the data leave the current range or use less than half of it.
    const double wantLo = lo < 0 ? lo - 0.04 * span : 0.0, wantHi = hi + 0.06 * span;
    if (wantLo < m_y->min() || wantHi > m_y->max() || wantHi < 0.5 * m_y->max() || (wantLo >= 0 && m_y->min() < 0)) {
        m_y->setRange(wantLo, wantHi);
        m_y->applyNiceNumbers();
    }

    nameAxes(d, n);
    markDrawn();
}

// New categories: the axis's labels, zeroed bars, the labels' angle and font, the whiskers' range.
void DistributionChart::resetCategories(const QStringList& labels, int n)
{
    m_labels = labels;
    m_x->clear();
    m_x->append(labels);
    for (QBarSet* s : {m_original, m_expected, m_estimate}) {
        s->remove(0, s->count());
        s->append(QList<qreal>(n, 0.0));
    }
    qreal longest = 0;
    for (const QString& l : labels)
        longest = std::max<qreal>(longest, l.size());
    const bool upright = n > 8 || longest * n > 70;
    m_x->setLabelsAngle(upright ? -90 : 0);
    // Upright labels a little smaller: a pair's cells keep their distinct prefixes in the room Qt gives.
    QFont f = chart()->font();
    if (upright)
        f.setPointSizeF(f.pointSizeF() * 0.85);
    m_x->setLabelsFont(f);
    m_xWhisker->setRange(-0.5, n - 0.5);
}

// Each cell's bars and range whisker (only changed values replaced); returns the lowest and highest value drawn.
std::pair<double, double> DistributionChart::placeBars(const DistributionEstimate& d, int n)
{
    double lo = 0, hi = 0;
    for (int i = 0; i < n; ++i) {
        // Only changed values: each replace re-lays the bars out.
        auto put = [i](QBarSet* set, double v) {
            if (set->at(i) != v)
                set->replace(i, v);
        };
        put(m_original, d.original[static_cast<std::size_t>(i)]);
        put(m_expected, d.expected[static_cast<std::size_t>(i)]);
        put(m_estimate, d.estimate[static_cast<std::size_t>(i)]);
        const Interval& iv = d.intervals[static_cast<std::size_t>(i)];
        const qreal x = estimateCentre(i), cap = kBarWidth / kSets * 0.3;
        whiskerSeries(i)->replace(QList<QPointF>{
            {x - cap, iv.hi}, {x + cap, iv.hi}, {x, iv.hi}, {x, iv.lo}, {x - cap, iv.lo}, {x + cap, iv.lo}});
        if (!whiskerSeries(i)->isVisible()) {
            whiskerSeries(i)->setVisible(true);
            // Showing a series shows its legend marker again: one entry names all ranges (issue 20, bug 2).
            if (i > 0)
                style::hideLegendMarker(chart(), whiskerSeries(i));
        }
        hi = std::max({hi, d.original[static_cast<std::size_t>(i)], d.expected[static_cast<std::size_t>(i)],
                       d.estimate[static_cast<std::size_t>(i)], iv.hi});
        lo = std::min({lo, d.estimate[static_cast<std::size_t>(i)], iv.lo});
    }
    return {lo, hi};
}

// The estimates below 0 marked and said in the axis title; the whiskers past the cells hidden and named.
void DistributionChart::markNegative(const DistributionEstimate& d, int n)
{
    QList<QPointF> negative;
    for (int i = 0; i < n; ++i)
        if (d.estimate[static_cast<std::size_t>(i)] < 0)
            negative << QPointF(estimateCentre(i), d.estimate[static_cast<std::size_t>(i)]);
    if (negative != m_negative->points())
        m_negative->replace(negative);
    // Short in the legend (it truncates long entries); the sentence goes in the x axis title.
    style::setName(m_negative, tr("estimate below 0: noise"));
    m_negativeNote = negative.isEmpty()
                         ? QString()
                         : (negative.size() == 1 ? tr("\u25B2 1 estimate below 0")
                                                 : tr("\u25B2 %1 estimates below 0").arg(negative.size())) +
                               tr(": sampling noise, not an error (Help \u203A Guide)");
    if (m_negative->isVisible() != !negative.isEmpty())
        m_negative->setVisible(!negative.isEmpty());
    for (int i = n; i < m_whiskers.size(); ++i)
        if (m_whiskers[i]->isVisible())
            m_whiskers[i]->setVisible(false);
    if (!m_whiskers.isEmpty()) {
        const double level = 100.0 * (1.0 - d.alpha);
        style::setName(m_whiskers.front(), tr("%1% %2 range of the estimate")
                                               .arg(level, 0, 'g', 3)
                                               .arg(d.kind == IntervalKind::Normal ? tr("normal") : tr("Chebyshev")));
    }
}

// The x axis's title (the attributes, the note on negative estimates) and the chart's title.
void DistributionChart::nameAxes(const DistributionEstimate& d, int n)
{
    QString attrs;
    for (std::size_t k = 0; k < d.attributes.size(); ++k)
        attrs += (k ? QStringLiteral(" \u00D7 ") : QString()) + QString::fromStdString(d.attributes[k]);
    QString xTitle = d.attributes.size() > 1 ? tr("cell (%1)").arg(attrs) : tr("category of %1").arg(attrs);
    if (!m_negativeNote.isEmpty()) // plain text, under the cells it is about
        xTitle += QStringLiteral("   ") + m_negativeNote;
    if (m_x->titleText() != xTitle)
        m_x->setTitleText(xTitle);
    QString title =
        tr("Reconstructed distribution of %1 \u2014 N = %2, seed %3").arg(attrs, style::count(d.records)).arg(d.seed);
    if (static_cast<std::size_t>(n) < d.totalCells)
        title += d.firstRank == 0 ? tr(" (largest %1 of %2 cells)").arg(n).arg(d.totalCells)
                                  : tr(" (cells ranked %1\u2013%2 of %3)")
                                        .arg(d.firstRank + 1)
                                        .arg(d.firstRank + static_cast<std::size_t>(n))
                                        .arg(d.totalCells);
    style::setTitle(chart(), title);
}

QList<qreal> DistributionChart::originalValues() const
{
    QList<qreal> v;
    for (int i = 0; i < m_original->count(); ++i)
        v << m_original->at(i);
    return v;
}

QList<qreal> DistributionChart::expectedValues() const
{
    QList<qreal> v;
    for (int i = 0; i < m_expected->count(); ++i)
        v << m_expected->at(i);
    return v;
}

QList<qreal> DistributionChart::estimateValues() const
{
    QList<qreal> v;
    for (int i = 0; i < m_estimate->count(); ++i)
        v << m_estimate->at(i);
    return v;
}

QList<QPointF> DistributionChart::whiskerPoints(int bar) const
{
    return bar < m_whiskers.size() ? m_whiskers[bar]->points() : QList<QPointF>{};
}

QList<QPointF> DistributionChart::negativePoints() const
{
    return m_negative->points();
}

QString DistributionChart::xAxisTitle() const
{
    return m_x->titleText();
}

QString DistributionChart::negativeNote() const
{
    return m_negativeNote;
}

QStringList DistributionChart::categories() const
{
    return m_labels;
}

} // namespace rr::ui
