#include "ui/views/ReidentificationPanel.h"

#include "ui/charts/ChartStyle.h"
#include "ui/charts/ReidentificationChart.h"

#include <QLabel>
#include <QVBoxLayout>

namespace rr::ui {

ReidentificationPanel::ReidentificationPanel(QWidget* parent) : QWidget(parent)
{
    m_chart = new ReidentificationChart;
    // Beside the attribute-disclosure chart, the Risk step fits 1024 x 700: narrower and shorter than a chart's
    // usual minimum, so the summary below keeps its own rows instead of covering the legend.
    m_chart->setMinimumSize(240, 120);
    m_summary = new QLabel;
    m_summary->setObjectName("reidentificationSummary");
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setToolTip(
        tr("The attacker knows a person's true quasi-identifiers and that the person is in the release, and picks "
           "one released record with those QI values at random. The risk is the chance that the pick is the "
           "person's own record: 1 / (size of the QI group) in the original data (ARX's prosecutor risk); the mean "
           "over the records is the expected share re-identified (marketer risk). Above T: the share of records "
           "whose risk exceeds T. Sample uniques: records alone in their QI group."));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_chart, 1);
    layout->addWidget(m_summary);
    clear();
}

void ReidentificationPanel::clear()
{
    m_chart->setData(std::nullopt);
    m_summary->clear();
}

void ReidentificationPanel::setData(const ReidentificationStep& step)
{
    m_chart->setData(step.risk, QString::fromStdString(step.unavailable));
    if (!step.risk) {
        m_summary->clear();
        return;
    }
    const ReidentificationRisk& r = *step.risk;
    const auto row = [](const QString& what, const QString& original, const QString& randomized) {
        return QString("<tr><td>%1</td><td align='right'>&nbsp;%2&nbsp;</td><td align='right'>&nbsp;%3</td></tr>")
            .arg(what, original, randomized);
    };
    const auto share = [](double v) { return QString::number(100 * v, 'f', 2) + "%"; };
    m_summary->setText(
        "<table cellspacing='0'>" +
        row(QString(), tr("<i>original</i>"), tr("<i>current p</i>")) +
        row(tr("Largest"), QString::number(r.original.max, 'f', 3), QString::number(r.randomized.max, 'f', 3)) +
        row(tr("Mean"), QString::number(r.original.mean, 'f', 4),
            QString::number(r.randomized.mean, 'f', 4)) +
        row(tr("Above %1").arg(r.threshold, 0, 'g', 3), share(r.original.aboveThreshold),
            share(r.randomized.aboveThreshold)) +
        row(tr("Sample uniques"), style::count(r.original.sampleUniques), style::count(r.randomized.sampleUniques)) +
        "</table>");
}

} // namespace rr::ui
