#include "ui/views/DistributionView.h"

#include "core/analysis/DistributionEstimate.h"
#include "ui/charts/ChartStyle.h"

#include "ui/charts/DistributionChart.h"
#include "ui/document/Workspace.h"
#include "ui/session/ViewResolution.h"
#include "ui/views/AttributeChoices.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>
#include <tuple>

namespace rr::ui {

void DistributionView::addOptimizeTargets(QStringList& labels, QStringList& analyses) const
{
    const auto a = m_workspace->analysis();
    if (!a)
        return;
    QStringList cells;
    for (int axis : resolveView(*a, m_state->view()).distributionAxes)
        cells << QString::fromStdString(a->names[static_cast<std::size_t>(axis)]);
    labels << tr("the cells of %1").arg(cells.join(" \u00D7 "));
    analyses << "cells:" + cells.join(',');
}

DistributionView::DistributionView(AnalysisState* state, Workspace* workspace, QWidget* parent)
    : AnalysisView(parent), m_state(state), m_workspace(workspace)
{
    m_chart = new DistributionChart;
    QVBoxLayout* controls = buildControls();
    QHBoxLayout* precision = buildPrecisionRow();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(m_chart, 1);
    layout->addLayout(precision);
    connect(m_cell, &QComboBox::activated, this, &DistributionView::showPrecision);

    connectControls();
}

// Attribute, pair and cell window in one row; range kind, alpha, seed and Resample in a second.
QVBoxLayout* DistributionView::buildControls()
{
    m_a = new QComboBox;
    m_a->setObjectName("distributionAttribute");
    m_b = new QComboBox;
    m_b->setObjectName("distributionPair");
    m_b->setToolTip(tr("A second attribute shows the pair's joint cells as grouped bars"));
    m_kind = new QComboBox;
    m_kind->addItem(tr("normal"), static_cast<int>(IntervalKind::Normal));
    m_kind->addItem(tr("Chebyshev"), static_cast<int>(IntervalKind::Chebyshev));
    m_kind->setToolTip(tr("Interquantile range of the estimate: normal approximation (z_{\u03B1/2} sd) or "
                          "Chebyshev's bound (sd/\u221A\u03B1), 003 Sec. 3.2"));
    m_alpha = new QDoubleSpinBox;
    m_alpha->setDecimals(3);
    m_alpha->setAccessibleName(tr("α (the range misses the true proportion with probability α)"));
    m_alpha->setRange(0.001, 0.5);
    m_alpha->setSingleStep(0.01);
    m_alpha->setKeyboardTracking(false);
    m_alpha->setToolTip(tr("The range covers the true proportion with probability 1 \u2212 \u03B1"));
    m_seed = new QLabel;
    m_resample = new QPushButton(QIcon(":/icons/resample.svg"), tr("Resample"));
    m_resample->setToolTip(tr("Draw another simulated randomization (new seed)"));

    // Pairs with many cells show a window of them: page through all, largest first (issue 11).
    m_rankLabel = new QLabel(tr("Cells by size from"));
    m_rank = new QSpinBox;
    m_rank->setObjectName("distributionRank");
    m_rankLabel->setBuddy(m_rank);
    m_rank->setPrefix(tr("#"));
    m_rank->setKeyboardTracking(false);
    m_rank->setToolTip(tr("The chart shows a window of the cells ranked by original proportion; this is the "
                          "rank of its first cell (1 = the largest). Step through to see every cell."));
    m_rankLabel->setVisible(false);
    m_rank->setVisible(false);

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Attribute:")));
    controls->addWidget(m_a);
    controls->addWidget(new QLabel(tr("\u00D7")));
    controls->addWidget(m_b);
    controls->addWidget(m_rankLabel);
    controls->addWidget(m_rank);
    controls->addStretch();
    // The range and the draw on a row of their own: on one row with a pair's boxes and the cell window the
    // page asked for 863 px and pushed the window to 1,164 px beside the Parameters panel (issue 45). The
    // chart's labels fit the height left (DistributionChart shortens what Qt Charts would cut).
    auto* range = new QHBoxLayout;
    range->addWidget(new QLabel(tr("Range:")));
    range->addWidget(m_kind);
    range->addWidget(new QLabel(tr("\u03B1")));
    range->addWidget(m_alpha);
    range->addSpacing(12);
    range->addWidget(m_seed);
    range->addWidget(m_resample);
    range->addStretch();
    auto* rows = new QVBoxLayout;
    rows->addLayout(controls);
    rows->addLayout(range);
    return rows;
}

// Utility in the owner's units (issue 20): how precisely one cell's share is estimated from the release.
QHBoxLayout* DistributionView::buildPrecisionRow()
{
    m_cell = new QComboBox;
    m_cell->setObjectName("distributionCell");
    m_cell->setAccessibleName(tr("Cell whose precision is shown"));
    // A pair's cell names ("Married-spouse-absent | Amer-Indian-Eskimo") sized the box to the longest and
    // pushed the window past 1024 px (issue 45): the box shows ~26 characters, its list and tooltip the whole names.
    m_cell->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_cell->setMinimumContentsLength(26);
    m_precision = new QLabel;
    m_precision->setObjectName("distributionPrecision");
    m_precision->setWordWrap(true);
    m_precision->setTextFormat(Qt::PlainText);
    m_precision->setToolTip(tr("Half the width of the cell's range: an estimate from the released table lies this "
                               "close to the true share with the stated probability"));
    auto* precision = new QHBoxLayout;
    precision->addWidget(new QLabel(tr("Precision of")));
    precision->addWidget(m_cell);
    precision->addWidget(m_precision, 1);
    return precision;
}

// The choices to the state; the state's view, the analysis and each live frame to the chart.
void DistributionView::connectControls()
{
    for (QComboBox* box : {m_a, m_b, m_kind})
        connect(box, &QComboBox::activated, this, &DistributionView::pushChoices);
    connect(m_alpha, &QDoubleSpinBox::valueChanged, this, &DistributionView::pushChoices);
    connect(m_rank, &QSpinBox::valueChanged, this, &DistributionView::pushChoices);
    connect(m_resample, &QPushButton::clicked, m_workspace, &Workspace::resample);
    connect(m_state, &AnalysisState::viewChanged, this, &DistributionView::syncFromState);
    connect(m_workspace, &Workspace::analysisReady, this, &DistributionView::fillAttributes);
    // Each slider step's frame, drawn while the page is shown (caught up when shown).
    connect(m_workspace, &Workspace::liveUpdated, this, [this]() {
        whenShown([this]() {
            const auto r = m_workspace->lastLive();
            if (!r)
                return;
            m_chart->setData(r->distribution);
            updateRankBox(r->distribution);
            updatePrecision(r->distribution);
        });
    });
}

ChartView* DistributionView::chartView() const
{
    return m_chart;
}

void DistributionView::fillAttributes()
{
    fillPairBoxes(m_a, m_b, m_workspace->analysis().get()); // refilling emits no `activated`: no guard
    syncFromState();
}

void DistributionView::syncFromState()
{
    const auto a = m_workspace->analysis();
    if (!a)
        return;
    m_syncing = true;
    const ResolvedView v = resolveView(*a, m_state->view());
    showPair(m_a, m_b, v.distributionAxes);
    m_kind->setCurrentIndex(m_kind->findData(static_cast<int>(m_state->view().kind)));
    m_alpha->setValue(m_state->view().alpha);
    m_seed->setText(tr("seed %1").arg(m_state->view().seed));
    m_rank->setValue(m_state->view().distributionFirstRank + 1);
    m_syncing = false;
}

void DistributionView::updateRankBox(const DistributionEstimate& d)
{
    const auto shown = static_cast<int>(d.cells.size());
    const bool paged = d.totalCells > d.cells.size() && shown > 0;
    m_syncing = true;
    if (paged) {
        m_rank->setRange(1, static_cast<int>(d.totalCells) - shown + 1);
        m_rank->setSingleStep(shown);
        m_rank->setSuffix(tr(" of %1").arg(d.totalCells));
        m_rank->setValue(static_cast<int>(d.firstRank) + 1);
    }
    m_syncing = false;
    m_rankLabel->setVisible(paged);
    m_rank->setVisible(paged);
}

void DistributionView::pushChoices()
{
    if (m_syncing)
        return;
    ViewChoices v = m_state->view();
    const ViewChoices before = v;
    std::tie(v.distributionA, v.distributionB) = chosenPair(m_a, m_b);
    // Other cells (compared with the attributes shown, which may be defaults): start again at the largest.
    bool sameCells = false;
    if (const auto a = m_workspace->analysis()) {
        std::vector<std::string> shown, chosen{v.distributionA};
        for (int axis : resolveView(*a, before).distributionAxes)
            shown.push_back(a->names[static_cast<std::size_t>(axis)]);
        if (!v.distributionB.empty())
            chosen.push_back(v.distributionB);
        sameCells = shown == chosen;
    }
    v.distributionFirstRank = sameCells ? m_rank->value() - 1 : 0;
    v.kind = static_cast<IntervalKind>(m_kind->currentData().toInt());
    v.alpha = m_alpha->value();
    m_state->setView(v);
}

void DistributionView::updatePrecision(const DistributionEstimate& d)
{
    // The cell chosen before stays chosen while it is shown; otherwise the largest.
    const QString chosen = m_cell->currentText();
    m_shown = std::make_shared<const DistributionEstimate>(d);
    QStringList labels;
    for (const std::string& l : d.labels)
        labels << QString::fromStdString(l);
    if (labels != [this] {
            QStringList items;
            for (int i = 0; i < m_cell->count(); ++i)
                items << m_cell->itemText(i);
            return items;
        }()) {
        m_cell->clear();
        m_cell->addItems(labels);
        m_cell->view()->setMinimumWidth(m_cell->view()->sizeHintForColumn(0) + 24);
    }
    const int keep = labels.indexOf(chosen);
    m_cell->setCurrentIndex(keep >= 0 ? keep : static_cast<int>(largestShownCell(d)));
    showPrecision();
}

void DistributionView::showPrecision()
{
    m_cell->setToolTip(m_cell->currentText()); // the whole name where the box cuts it
    if (!m_shown || m_cell->currentIndex() < 0 || m_shown->labels.empty()) {
        m_precision->clear();
        return;
    }
    const CellPrecision c = cellPrecision(*m_shown, static_cast<std::size_t>(m_cell->currentIndex()));
    m_precision->setText(tr(": the share of %1, %2%, is estimated within ±%3 points (±%4 records) at %5%.")
                             .arg(QString::fromStdString(c.label))
                             .arg(c.share * 100, 0, 'f', 1)
                             .arg(c.halfWidth * 100, 0, 'f', 2)
                             .arg(style::count(std::round(c.halfWidthRecords)))
                             .arg(c.level * 100, 0, 'g', 3));
}

} // namespace rr::ui
