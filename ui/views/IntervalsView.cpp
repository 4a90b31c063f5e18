#include "ui/views/IntervalsView.h"

#include "ui/charts/IntervalsChart.h"
#include "ui/document/Workspace.h"
#include "ui/session/ViewResolution.h"
#include "ui/views/AttributeChoices.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <tuple>

namespace rr::ui {

IntervalsView::IntervalsView(AnalysisState* state, Workspace* workspace, QWidget* parent)
    : AnalysisView(parent), m_state(state), m_workspace(workspace)
{
    m_chart = new IntervalsChart;
    m_a = new QComboBox;
    m_b = new QComboBox;
    m_cell = new QComboBox;
    m_cell->setMinimumContentsLength(16);
    m_cell->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_vary = new QComboBox;
    m_vary->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Cell of")));
    controls->addWidget(m_a);
    controls->addWidget(new QLabel(tr("\u00D7")));
    controls->addWidget(m_b);
    controls->addWidget(new QLabel(tr("=")));
    controls->addWidget(m_cell, 1);
    controls->addSpacing(12);
    controls->addWidget(new QLabel(tr("vary p of")));
    controls->addWidget(m_vary);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(m_chart, 1);

    for (QComboBox* box : {m_a, m_b, m_cell, m_vary})
        connect(box, &QComboBox::activated, this, &IntervalsView::pushChoices);
    connect(m_state, &AnalysisState::viewChanged, this, &IntervalsView::syncFromState);
    connect(m_workspace, &Workspace::analysisReady, this, &IntervalsView::fillAttributes);
    connect(m_workspace, &Workspace::liveUpdated, this, [this]() {
        whenShown([this]() { // drawn while shown, caught up when shown
            if (const auto r = m_workspace->lastLive())
                m_chart->setData(r->intervals);
        });
    });
}

ChartView* IntervalsView::chartView() const
{
    return m_chart;
}

void IntervalsView::fillAttributes()
{
    fillPairBoxes(m_a, m_b, m_workspace->analysis().get()); // refilling emits no `activated`: no guard
    syncFromState();
}

void IntervalsView::syncFromState()
{
    const auto a = m_workspace->analysis();
    if (!a)
        return;
    m_syncing = true;
    const ResolvedView v = resolveView(*a, m_state->view());
    showPair(m_a, m_b, v.intervalAxes);
    // cells of the chosen marginal
    m_cell->clear();
    const Eigen::VectorXd counts = a->joint.marginal(v.intervalAxes).counts();
    for (Eigen::Index c = 0; c < counts.size(); ++c)
        m_cell->addItem(QString::fromStdString(a->cellLabel(v.intervalAxes, static_cast<std::size_t>(c))) +
                            tr("  (%1 records)").arg(counts[c], 0, 'f', 0),
                        static_cast<qlonglong>(c));
    m_cell->setCurrentIndex(static_cast<int>(v.intervalCell));
    m_vary->clear();
    for (int ax : v.intervalAxes)
        m_vary->addItem(QString::fromStdString(a->names[static_cast<std::size_t>(ax)]), ax);
    m_vary->setCurrentIndex(m_vary->findData(v.intervalVaryAxis));
    m_vary->setMinimumWidth(m_vary->sizeHint().width()); // a crowded row cut "education" (issue 45)
    m_syncing = false;
}

void IntervalsView::pushChoices()
{
    const auto a = m_workspace->analysis();
    if (m_syncing || !a)
        return;
    ViewChoices v = m_state->view();
    const std::string oldA = v.intervalsA, oldB = v.intervalsB;
    std::tie(v.intervalsA, v.intervalsB) = chosenPair(m_a, m_b);
    const bool attributesChanged = v.intervalsA != oldA || v.intervalsB != oldB;
    const ResolvedView before = resolveView(*a, m_state->view());
    if (attributesChanged) {
        v.intervalsCell.clear(); // resolves to the largest cell
        v.intervalsVary = v.intervalsA;
    } else {
        v.intervalsCell =
            a->cellValues(before.intervalAxes, static_cast<std::size_t>(m_cell->currentData().toLongLong()));
        v.intervalsVary = a->names[static_cast<std::size_t>(m_vary->currentData().toInt())];
    }
    m_state->setView(v);
}

} // namespace rr::ui
