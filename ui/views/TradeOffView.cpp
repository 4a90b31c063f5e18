#include "ui/views/TradeOffView.h"

#include "ui/charts/ChartStyle.h"
#include "ui/charts/TradeOffChart.h"
#include "ui/document/Workspace.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace rr::ui {

QList<PageCommand> TradeOffView::commands()
{
    return {{tr("Compute &Trade-off Curves"), QKeySequence("Ctrl+T"), QString(),
             [this]() { m_workspace->computeTradeOff(); }}};
}

TradeOffView::TradeOffView(AnalysisState* state, Workspace* workspace, QWidget* parent)
    : AnalysisView(parent), m_state(state), m_workspace(workspace)
{
    buildControls();
    connectControls();
    syncFromState();
}

// The chart, the targets, the utility loss, Compute and the status line.
void TradeOffView::buildControls()
{
    m_chart = new TradeOffChart;
    m_lMax = new QSpinBox;
    m_lMax->setRange(2, 20);
    m_lMax->setPrefix(tr("l = 2.."));
    m_lMax->setAccessibleName(tr("Largest target l of the curves"));
    m_metric = new QComboBox;
    m_metric->addItem(tr("tr \u03A3 = E\u2016\u03C0_est \u2212 \u03C0\u2016\u00B2"),
                      static_cast<int>(UtilityMetric::TraceCovariance));
    m_metric->addItem(tr("objective \u220F\u2016P\u1D62\u207B\u00B9\u2016\u00B2_F"),
                      static_cast<int>(UtilityMetric::Objective));
    m_metric->addItem(tr("variational distance (simulated)"), static_cast<int>(UtilityMetric::VariationalDistance));
    m_compute = new QPushButton(QIcon(":/icons/optimize.svg"), tr("Compute curves"));
    m_compute->setToolTip(tr("Run the optimizer for RR-QI, RR-S and RR-Both at every l (in the background)"));
    m_status = new QLabel(tr("Press \u201C" "Compute curves\u201D to run the optimizer for every mode and l."));
    m_status->setWordWrap(true);
    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Targets:")));
    controls->addWidget(m_lMax);
    controls->addWidget(new QLabel(tr("Utility loss:")));
    controls->addWidget(m_metric);
    controls->addWidget(m_compute);
    controls->addSpacing(12);
    controls->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(m_status); // its own row: a sentence, not a narrow column beside the controls
    layout->addWidget(m_chart, 1);
}

// The choices to the state; live frames mark the current point; new curves are drawn and said.
void TradeOffView::connectControls()
{
    connect(m_lMax, &QSpinBox::valueChanged, this, &TradeOffView::pushChoices);
    connect(m_metric, &QComboBox::activated, this, &TradeOffView::pushChoices);
    connect(m_compute, &QPushButton::clicked, m_workspace, &Workspace::computeTradeOff);
    connect(m_state, &AnalysisState::viewChanged, this, &TradeOffView::syncFromState);
    connect(m_workspace, &Workspace::liveUpdated, this, [this]() {
        whenShown([this]() { // drawn while shown, caught up when shown
            if (const auto r = m_workspace->lastLive())
                m_chart->setCurrent(r->risk.summary.maxRisk, r->utility, m_state->view().metric);
        });
    });
    // A curve belongs to the data, roles and policy it was computed for: cleared when they change.
    // Only a shown curve can go stale: before the first one the status keeps asking for a run.
    auto clear = [this]() {
        if (!m_chart->hasCurves())
            return;
        m_chart->setData(nullptr);
        m_status->setText(tr("The data, roles or missing-value policy changed: press Compute."));
    };
    connect(m_workspace, &Workspace::analysisCleared, this, clear);
    connect(m_workspace, &Workspace::analysisReady, this, clear);
    connect(m_workspace, &Workspace::tradeOffUpdated, this, [this](std::shared_ptr<const TradeOffCurve> r) {
        showCurves(r);
    });
}

// The curves drawn, and how many optimal points are feasible (the first infeasible l of each mode said).
void TradeOffView::showCurves(const std::shared_ptr<const TradeOffCurve>& r)
{
    const auto analysis = m_workspace->analysis();
    m_chart->setData(r, analysis ? analysis->names : std::vector<std::string>{});
    int feasible = 0;
    QString notes;
    RandomizationMode noted = RandomizationMode::QI;
    bool any = false;
    for (const auto& p : r->points) {
        feasible += p.feasible ? 1 : 0;
        if (!p.feasible && (!any || p.mode != noted)) { // the first infeasible l of each mode
            any = true;
            noted = p.mode;
            notes += tr(" %1 infeasible from l = %2: %3 records stay above \u03C4 (lowest max risk %4).")
                         .arg(style::modeName(p.mode))
                         .arg(p.l)
                         .arg(style::count(p.blockingRecords))
                         .arg(p.lowestMaxRisk, 0, 'f', 3);
        }
    }
    m_status->setText(tr("%1 of %2 optimal points feasible.").arg(feasible).arg(r->points.size()) + notes);
}

ChartView* TradeOffView::chartView() const
{
    return m_chart;
}

void TradeOffView::syncFromState()
{
    m_syncing = true;
    m_lMax->setValue(m_state->view().tradeOffMaxL);
    m_metric->setCurrentIndex(m_metric->findData(static_cast<int>(m_state->view().metric)));
    m_syncing = false;
}

void TradeOffView::pushChoices()
{
    if (m_syncing)
        return;
    ViewChoices v = m_state->view();
    v.tradeOffMaxL = m_lMax->value();
    v.metric = static_cast<UtilityMetric>(m_metric->currentData().toInt());
    m_state->setView(v);
}

} // namespace rr::ui
