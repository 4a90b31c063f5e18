#include "ui/views/RiskView.h"

#include "core/analysis/RecordGroup.h"

#include "ui/charts/ChartStyle.h"
#include "ui/charts/RiskChart.h"
#include "ui/document/Workspace.h"
#include "ui/models/RiskyRecordsModel.h"
#include "ui/views/RecordGroupDialog.h"
#include "ui/charts/ReidentificationChart.h"
#include "ui/views/ReidentificationPanel.h"
#include "ui/views/SeveralSensitivePanel.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <utility>

namespace rr::ui {

void RiskView::addToReport(ReportParts& parts)
{
    AnalysisView::addToReport(parts);
    parts.charts << m_reidentification->chart();
}

RiskView::RiskView(AnalysisState* state, Workspace* workspace, QWidget* parent)
    : AnalysisView(parent), m_state(state), m_workspace(workspace)
{
    buildWidgets();
    buildLayout();
    connectState();
    connectTable();
}

// The chart, the riskiest records' table, the display choice, the summary and the baseline line.
void RiskView::buildWidgets()
{
    m_chart = new RiskChart;
    m_records = new RiskyRecordsModel(this);
    m_table = new QTableView;
    m_table->setModel(m_records);
    m_table->setAccessibleName(tr("Riskiest records"));
    m_table->setAccessibleDescription(tr("Enter or a double click shows the record's group"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setTabKeyNavigation(false); // Tab leaves the table (arrows move within it)
    // Whole column names, scrolled when the Risk step also shows every sensitive attribute beside it.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_table->setAlternatingRowColors(true);
    m_table->setToolTip(tr("Records sharing QI and S values share their risk. Select one to draw its risk surface; "
                           "double-click to see its QI group."));
    m_display = new QComboBox;
    m_display->addItem(tr("Histogram"));
    m_display->addItem(tr("CDF"));
    m_summary = new QLabel;
    m_summary->setWordWrap(true);
    m_baselineLine = new QLabel;
    m_baselineLine->setObjectName("riskBaseline");
    m_baselineLine->setWordWrap(true);
    m_baselineLine->setTextFormat(Qt::PlainText);
    m_baselineLine->setToolTip(tr("The prior: what an attacker knows without the release. The risk per person "
                                  "(Pr(S_r | QI_r), 003 eq. 5.6-5.8) counts what a person's own randomized record "
                                  "adds; the published shares of the person's group reveal their own part, "
                                  "max_s n(g, s) / n(g), whatever p is (Help › Guide, The risk)"));
}

// The controls row, the baseline, the chart beside the re-identification panel, the records below.
void RiskView::buildLayout()
{
    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Show:")));
    controls->addWidget(m_display);
    controls->addSpacing(12);
    controls->addWidget(m_summary, 1);
    auto* lower = new QWidget;
    auto* lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->addWidget(new QLabel(tr("<b>Riskiest records</b> (highest Pr(S\u1D63 | QI\u1D63) first)")));
    lowerLayout->addWidget(m_table);
    m_several = new SeveralSensitivePanel; // shown when the roles name several sensitive attributes (issue 22)
    auto* lowerSplit = new QSplitter(Qt::Horizontal);
    lowerSplit->addWidget(lower);
    lowerSplit->addWidget(m_several);
    lowerSplit->setStretchFactor(0, 3);
    lowerSplit->setStretchFactor(1, 2);
    // Attribute disclosure and re-identification side by side: the two questions a review board asks.
    m_reidentification = new ReidentificationPanel;
    auto* risks = new QSplitter(Qt::Horizontal);
    risks->addWidget(m_chart);
    risks->addWidget(m_reidentification);
    risks->setStretchFactor(0, 3);
    risks->setStretchFactor(1, 2);
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(risks);
    split->addWidget(lowerSplit);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(m_baselineLine);
    layout->addWidget(split, 1);
}

// The display choice and the workspace's analysis and live frames.
void RiskView::connectState()
{
    connect(m_display, &QComboBox::activated, this, [this](int i) {
        ViewChoices v = m_state->view();
        v.riskCdf = i == 1;
        m_state->setView(v);
    });
    connect(m_state, &AnalysisState::viewChanged, this, [this]() {
        m_display->setCurrentIndex(m_state->view().riskCdf ? 1 : 0);
        if (auto r = m_workspace->lastLive())
            m_chart->setData(r->risk, m_state->view().riskCdf);
    });
    // The prior depends on the records only: once per analysis, not on every slider step.
    connect(m_workspace, &Workspace::analysisReady, this, [this]() {
        const auto a = m_workspace->analysis();
        m_baseline = riskBaseline(*a, a->sensitiveAxis(), m_workspace->lastLive() ? m_workspace->lastLive()->risk.summary.maxRisk : 0);
        m_baselineLine->clear(); // until the risk at these p arrives
    });
    connect(m_workspace, &Workspace::analysisCleared, this, [this]() {
        m_baseline.reset();
        m_baselineLine->clear();
        m_reidentification->clear();
        m_reidentificationFrame.reset();
        m_several->setData(nullptr, nullptr, 0);
    });
    connect(m_workspace, &Workspace::liveUpdated, this, [this](std::shared_ptr<const Frame> r) {
        if (!r->reidentificationDeferred) // during a drag the panel keeps the last one until the slider is let go
            m_reidentificationFrame = std::move(r);
        whenShown([this]() { drawLive(); }); // drawn while shown, caught up when shown
    });
}

// A record chosen in the table draws its surface; a double click or Enter shows its group.
void RiskView::connectTable()
{
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current, const QModelIndex&) {
                const RiskyRecord* rec = m_records->recordAt(current.row());
                if (!rec)
                    return;
                ViewChoices v = m_state->view();
                v.selectedRecord = rec->values;
                m_state->setView(v);
            });
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex& index) { showGroup(index.row()); });
    // The keyboard's double click: Enter on the current record.
    auto* openGroup = new QAction(tr("Show the Record's Group"), m_table);
    openGroup->setShortcuts({QKeySequence(Qt::Key_Return), QKeySequence(Qt::Key_Enter)});
    openGroup->setShortcutContext(Qt::WidgetShortcut);
    m_table->addAction(openGroup);
    connect(openGroup, &QAction::triggered, this, [this]() {
        if (m_table->currentIndex().isValid())
            showGroup(m_table->currentIndex().row());
    });
}

RecordGroupDialog* RiskView::showGroup(int row)
{
    const RiskyRecord* rec = m_records->recordAt(row);
    const auto a = m_workspace->analysis();
    if (!rec || !a)
        return nullptr;
    // By its values: the table may still show the previous analysis's records while a new one computes.
    std::vector<int> all(static_cast<std::size_t>(a->axisCount()));
    for (int i = 0; i < a->axisCount(); ++i)
        all[static_cast<std::size_t>(i)] = i;
    const long long cell = a->cellIndex(all, rec->values);
    if (cell < 0)
        return nullptr;
    DisclosureRiskModel model = a->model; // scratch for this evaluation
    auto* dialog = new RecordGroupDialog(recordGroup(*a, model, m_workspace->effectiveP(), cell), m_state->tau(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    return dialog;
}

void RiskView::showBaseline()
{
    const RiskBaseline& b = *m_baseline;
    const auto a = m_workspace->analysis();
    const QString attribute = a ? QString::fromStdString(a->spec.sensitive) : QString();
    const QString prior = tr("Without the release, guessing %1 = %2 for everyone is right for %3% of the persons.")
                              .arg(attribute, QString::fromStdString(b.value))
                              .arg(b.prior * 100, 0, 'f', 1);
    // 003's measure in the owner's words, beside what the published shares reveal (issue 46): no bound on a guess.
    const QString linking = tr("Linking a person to the released records reveals %1 beyond chance at its largest "
                               "(the figure of this page).")
                                .arg(b.maxRisk, 0, 'f', 3);
    const GroupShare& w = b.shares.worst;
    const QString shares =
        b.shares.worst.records > 0
            ? tr("What the published shares reveal: guessing each person's group's most common %1 is right for %2% "
                 "of the persons; in the most telling group %3 of %4 have %5 (%6%). No p changes this.")
                  .arg(attribute)
                  .arg(b.shares.groupsMean * 100, 0, 'f', 1)
                  .arg(style::count(w.holders), style::count(w.records),
                       w.value >= 0 && static_cast<std::size_t>(w.value) < b.values.size()
                           ? QString::fromStdString(b.values[static_cast<std::size_t>(w.value)])
                           : QString())
                  .arg(w.share * 100, 0, 'f', 1)
            : QString();
    const QString added = linking + ' ' + shares;
    m_baselineLine->setText(prior + ' ' + added);
}

ChartView* RiskView::chartView() const
{
    return m_chart;
}

void RiskView::drawLive()
{
    const auto r = m_workspace->lastLive();
    if (!r)
        return;
    if (m_baseline) {
        m_baseline->maxRisk = r->risk.summary.maxRisk;
        showBaseline();
    }
    m_chart->setData(r->risk, m_state->view().riskCdf);
    if (const auto reid = std::exchange(m_reidentificationFrame, nullptr))
        m_reidentification->setData(reid->reidentification);
    m_several->setData(m_workspace->several().get(), r->several ? &*r->several : nullptr, r->risk.tau);
    m_records->setData(r->risk);
    // The risk and its records first on screen (the model's order stays): at 1024 px the value columns
    // scroll and the risk column stays in view (issue 45).
    QHeaderView* header = m_table->horizontalHeader();
    const int columns = m_records->columnCount();
    if (columns >= 3 && header->visualIndex(columns - 1) != 0) {
        header->moveSection(header->visualIndex(columns - 1), 0);
        header->moveSection(header->visualIndex(columns - 2), 1);
    }
    const auto& s = r->risk.summary;
    m_summary->setText(tr("%1 records in %2 QI+S combinations \u2014 median %3, 90%: %4, 99%: %5")
                           .arg(style::count(s.records))
                           .arg(style::count(static_cast<double>(s.cells)))
                           .arg(s.p50, 0, 'f', 3)
                           .arg(s.p90, 0, 'f', 3)
                           .arg(s.p99, 0, 'f', 3));
}

} // namespace rr::ui
