#include "ui/comparison/MeasureBarChart.h"
#include "ui/texts/CombiningMarks.h"

#include "ui/charts/ChartStyle.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QValueAxis>

#include <algorithm>

namespace rr::ui {

MeasureBarChart::MeasureBarChart(QWidget* parent) : ChartView("comparison", parent)
{
    setAccessibleName(tr("Comparison chart: measures by release"));
    auto* chart = new QChart;
    style::setUpChart(chart, tr("Releases compared at the same \u03C4 = 1/l"));
    m_series = new QBarSeries;
    m_x = new QBarCategoryAxis;
    m_x->setTitleText(tr("privacy requirement l"));
    m_y = style::valueAxis(measureName(m_measure), "%.3g");
    chart->addSeries(m_series);
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    m_series->attachAxis(m_x);
    m_series->attachAxis(m_y);
    installChart(chart);
    m_axisFont = m_y->titleFont();
    m_titleFont = chart->titleFont();
    redraw(); // the empty state: only the message
}

void MeasureBarChart::setData(std::shared_ptr<const ComparisonSweep> sweep)
{
    m_sweep = std::move(sweep);
    redraw();
}

void MeasureBarChart::setMeasure(ComparisonMeasure measure)
{
    m_measure = measure;
    redraw();
}

void MeasureBarChart::redraw()
{
    m_series->clear();
    m_missing = 0;
    m_y->setTitleText(measureName(m_measure));
    // d_V(pi, pi-hat): fonts that draw the hat (issue 45).
    const bool marks = measureName(m_measure).contains(QChar(0x0302));
    m_y->setTitleFont(marks ? fontForMarks(m_axisFont) : m_axisFont);
    chart()->setTitleFont(marks ? fontForMarks(m_titleFont) : m_titleFont);
    const bool empty = !m_sweep || m_sweep->results.empty();
    // Empty: nothing but what to do (issue 11: axes, title and legend without data looked like a result).
    m_x->setVisible(!empty);
    m_y->setVisible(!empty);
    chart()->legend()->setVisible(!empty);
    setEmptyMessage(empty ? tr("Press \u201C" "Compare\u201D to compare the four releases at \u03C4 = 1/l.") : QString());
    if (empty) {
        chart()->setTitle(QString());
        markEmpty();
        return;
    }
    QStringList categories;
    for (const auto& r : m_sweep->results)
        categories << QString::number(r.l);
    m_x->setCategories(categories);

    QStringList gaps;
    QStringList noRelease; // methods that gave no release at some l: said under the bars (issue 20, bug 7)
    double top = addMethodBars(gaps, noRelease);
    // A reference bar: the requirement itself, or the original data's correlation.
    const bool risk = m_measure == ComparisonMeasure::MaxRisk || m_measure == ComparisonMeasure::GroupShareMax;
    const bool corr = m_measure == ComparisonMeasure::UncertaintyQiS || m_measure == ComparisonMeasure::UncertaintyQiQi;
    // The persons guessed right from their group: beside guessing the most common value for everyone.
    const bool prior = m_measure == ComparisonMeasure::GroupShareMean &&
                       std::all_of(m_sweep->results.begin(), m_sweep->results.end(),
                                   [](const ComparisonResult& r) { return r.originalInference.has_value(); });
    if (risk || corr || prior) {
        addReferenceBar(risk, prior, top);
    }
    // Risks and shares are probabilities: the axis ends at 1, not at a "nice" 1.5 above it.
    const bool probability = risk || m_measure == ComparisonMeasure::GroupShareMean;
    m_y->setRange(0.0, top > 0 ? (probability ? std::min(1.0, top * 1.08) : top * 1.08) : 1.0);
    m_y->applyNiceNumbers();
    nameAxes(gaps, noRelease);
    markDrawn();
}

// One bar set per release method (a missing value drawn at 0 and named in `gaps`, a method without a release at
// some l in `noRelease`); returns the highest value.
double MeasureBarChart::addMethodBars(QStringList& gaps, QStringList& noRelease)
{
    double top = 0;
    for (ComparisonMethod method : kComparisonMethods) {
        auto* set = new QBarSet(methodName(method));
        set->setColor(methodColor(method));
        set->setBorderColor(methodColor(method).darker(130));
        QStringList missingAt;
        bool unavailable = false;
        for (const auto& r : m_sweep->results) {
            const auto v = measureValue(r, method, m_measure);
            set->append(v.value_or(0.0));
            if (v) {
                top = std::max(top, *v);
            } else {
                missingAt << QString::number(r.l);
                unavailable = unavailable || !methodResult(r, method).available;
            }
        }
        if (unavailable)
            noRelease << methodName(method);
        if (!missingAt.isEmpty()) {
            m_missing += static_cast<int>(missingAt.size());
            set->setLabel(tr("%1 (no value at l = %2)").arg(methodName(method), missingAt.join(", ")));
            gaps << methodName(method);
        }
        m_series->append(set);
    }
    return top;
}

// The reference bars: tau = 1/l (`risk`), one guess for everyone (`prior`) or the original data's correlation.
void MeasureBarChart::addReferenceBar(bool risk, bool prior, double& top)
{
    auto* ref = new QBarSet(risk ? tr("\u03C4 = 1/l") : prior ? tr("one guess for everyone") : tr("original data"));
    ref->setColor(risk ? style::tau() : style::whisker());
    for (const auto& r : m_sweep->results) {
        const double v = risk    ? r.tau
                         : prior ? r.originalInference->priorShare
                                 : meanUncertainty(r.originalUncertainty, r.attributes,
                                                   m_measure == ComparisonMeasure::UncertaintyQiS);
        ref->append(v);
        top = std::max(top, v);
    }
    m_series->append(ref);
}

// The chart's title (the methods without a value) and the x axis's (the methods without a release).
void MeasureBarChart::nameAxes(const QStringList& gaps, const QStringList& noRelease)
{
    QString title =
        tr("%1 at \u03C4 = 1/l, l = %2..%3").arg(measureName(m_measure)).arg(m_sweep->lMin).arg(m_sweep->lMax);
    if (!gaps.isEmpty())
        title += tr(" (bars at 0: no value for %1)").arg(gaps.join(", "));
    chart()->setTitle(title);
    // The reasons are long (which value blocks anatomy, how far l-diversity generalized): the line above
    // the chart gives them for the l shown; the axis title only points there, so it is never cut.
    const QString xTitle = noRelease.isEmpty()
                               ? tr("privacy requirement l")
                               : tr("privacy requirement l (%1 gave no release: the line above says why)")
                                     .arg(noRelease.join(tr(" and ")));
    if (m_x->titleText() != xTitle)
        m_x->setTitleText(xTitle);
}

QString MeasureBarChart::xAxisTitle() const
{
    return m_x->titleText();
}

} // namespace rr::ui
