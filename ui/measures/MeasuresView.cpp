#include "ui/texts/CoreTexts.h"
#include "ui/texts/ErrorText.h"
#include "ui/measures/MeasuresView.h"

#include "core/data/Errors.h"
#include "ui/charts/ChartStyle.h"
#include "ui/tasks/BackgroundTask.h"
#include "ui/document/Workspace.h"
#include "ui/measures/MeasureForestChart.h"
#include "ui/measures/MeasureSweepChart.h"
#include "ui/views/AttributeChoices.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace rr::ui {

void MeasuresView::addToReport(ReportParts& parts)
{
    AnalysisView::addToReport(parts);
    if (chartView() != sweepChart())
        parts.charts << sweepChart();
    parts.sections << reportSection();
}

void MeasuresView::stopWork()
{
    m_task->cancel();
}
namespace {

const std::vector<std::string>* categoriesOf(const PreparedAnalysis& a, const std::string& name)
{
    const int axis = a.axisOf(name);
    return axis < 0 ? nullptr : &a.categories[static_cast<std::size_t>(axis)];
}

// "1" for 0/1 data, otherwise the second category (the first is often the majority).
int defaultPresent(const std::vector<std::string>& categories)
{
    const auto it = std::find(categories.begin(), categories.end(), "1");
    if (it != categories.end())
        return static_cast<int>(it - categories.begin());
    return std::min(1, static_cast<int>(categories.size()) - 1);
}

QString number(double x)
{
    return QString::number(x, 'g', 5);
}

} // namespace

QString measureText(const MeasureValue& v)
{
    return v.defined ? number(v.value) : QObject::tr("undefined: %1").arg(QString::fromStdString(v.reason));
}

QString rangeText(const std::optional<Interval>& range, const MeasureValue& variance)
{
    if (range)
        return QString("[%1, %2]").arg(number(range->lo), number(range->hi));
    return QObject::tr("undefined: %1")
        .arg(variance.defined ? QObject::tr("no variance") : QString::fromStdString(variance.reason));
}

MeasuresView::MeasuresView(AnalysisState* state, Workspace* workspace, QWidget* parent)
    : AnalysisView(parent), m_state(state), m_workspace(workspace)
{
    m_task = new BackgroundTask(tr("Association measures"), this);
    buildChoices();
    buildResults();
    buildLayout();
    connectControls();
}

// The two attributes with their present categories, the sweep's measure and the status line.
void MeasuresView::buildChoices()
{
    m_a = new QComboBox;
    m_a->setObjectName("measuresFirst");
    m_a->setToolTip(tr("Rows: the first attribute (predictor)"));
    m_presentA = new QComboBox;
    m_presentA->setToolTip(tr("The category taken as \u201Cpresent\u201D; the others are pooled"));
    m_b = new QComboBox;
    m_b->setObjectName("measuresSecond");
    m_b->setToolTip(tr("Columns: the second attribute (response)"));
    m_presentB = new QComboBox;
    m_presentB->setToolTip(m_presentA->toolTip());
    m_sweep = new QComboBox;
    for (const MeasureInfo& info : measureCatalog())
        m_sweep->addItem(coreText(info.label),
                         QString::fromUtf8(info.key.data(), static_cast<int>(info.key.size())));
    m_sweep->setToolTip(tr("The measure whose range vs p the third tab shows"));
    m_status = new QLabel;
    m_status->setWordWrap(true);
}

// The forest plot, the table and the sweep chart in tabs.
void MeasuresView::buildResults()
{
    m_table = new QTableWidget(0, 7);
    m_table->setHorizontalHeaderLabels({tr("Measure"), tr("Original"), tr("Estimate"), tr("Variance (delta)"),
                                        tr("Normal range"), tr("Chebyshev range"), tr("Randomized (no p)")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_forest = new MeasureForestChart;
    m_sweepChart = new MeasureSweepChart;
    m_tabs = new QTabWidget;
    // The forest asks for the height its rows need; a short window scrolls it (issue 20, bug 1 at 1024 x 700).
    auto* forestScroll = new QScrollArea;
    forestScroll->setWidget(m_forest);
    forestScroll->setWidgetResizable(true);
    forestScroll->setFrameShape(QFrame::NoFrame);
    forestScroll->setAccessibleName(tr("Forest plot"));
    m_tabs->addTab(forestScroll, tr("Forest plot"));
    m_tabs->addTab(m_table, tr("Table"));
    m_tabs->addTab(m_sweepChart, tr("Range vs p"));
}

// The attributes' row, the sweep's row, the status and the tabs.
void MeasuresView::buildLayout()
{
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Rows:")));
    row->addWidget(m_a);
    row->addWidget(new QLabel(tr("=")));
    row->addWidget(m_presentA);
    row->addSpacing(10);
    row->addWidget(new QLabel(tr("Columns:")));
    row->addWidget(m_b);
    row->addWidget(new QLabel(tr("=")));
    row->addWidget(m_presentB);
    row->addStretch(1);
    // The sweep's choice on a row of its own: with the Parameters panel beside it the view fits 1024 px.
    auto* sweepRow = new QHBoxLayout;
    sweepRow->addWidget(new QLabel(tr("Range vs p of:")));
    sweepRow->addWidget(m_sweep);
    sweepRow->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(row);
    layout->addLayout(sweepRow);
    layout->addWidget(m_status);
    layout->addWidget(m_tabs, 1);
}

// The choices to the state; the state's view, the analysis and each live frame recompute.
void MeasuresView::connectControls()
{
    // A new attribute starts at its default present category.
    connect(m_a, &QComboBox::activated, this, [this]() {
        fillPresent(m_presentA, m_a->currentData().toString().toStdString(), {});
        pushChoices();
    });
    connect(m_b, &QComboBox::activated, this, [this]() {
        fillPresent(m_presentB, m_b->currentData().toString().toStdString(), {});
        pushChoices();
    });
    for (QComboBox* box : {m_presentA, m_presentB, m_sweep})
        connect(box, &QComboBox::activated, this, &MeasuresView::pushChoices);
    connect(m_state, &AnalysisState::viewChanged, this, &MeasuresView::syncFromState);
    connect(m_workspace, &Workspace::analysisReady, this, &MeasuresView::fillAttributes);
    // Every p, seed and choice change produces a live frame (coalesced by the LiveEngine): followed while
    // shown, caught up when shown.
    connect(m_workspace, &Workspace::liveUpdated, this, [this]() {
        whenShown([this]() {
            if (const auto live = m_workspace->lastLive())
                compute(live->p);
        });
    });
    connect(m_task, &BackgroundTask::failed, this,
            [this](const QString&, const QString& message) { m_status->setText(message); });
}

MeasuresView::~MeasuresView()
{
    m_task->shutdown();
}

ChartView* MeasuresView::chartView() const
{
    if (m_tabs->currentWidget() == m_sweepChart)
        return m_sweepChart;
    return m_forest;
}

void MeasuresView::refresh()
{
    fillAttributes();
    if (const auto live = m_workspace->lastLive())
        compute(live->p);
}

void MeasuresView::fillAttributes()
{
    const auto a = m_workspace->analysis();
    m_syncing = true;
    const std::vector<std::string> names = a ? a->names : std::vector<std::string>{};
    fillAttributeBox(m_a, names);
    fillAttributeBox(m_b, names);
    m_syncing = false;
    syncFromState();
}

void MeasuresView::fillPresent(QComboBox* box, const std::string& attribute, const std::string& chosen)
{
    box->clear();
    const auto a = m_workspace->analysis();
    const auto* cats = a ? categoriesOf(*a, attribute) : nullptr;
    if (!cats)
        return;
    for (const std::string& c : *cats)
        box->addItem(style::shortLabel(QString::fromStdString(c), 24), QString::fromStdString(c));
    const int i = box->findData(QString::fromStdString(chosen));
    box->setCurrentIndex(i >= 0 ? i : defaultPresent(*cats));
}

void MeasuresView::syncFromState()
{
    const auto a = m_workspace->analysis();
    if (!a || a->names.size() < 2)
        return;
    m_syncing = true;
    const ViewChoices& v = m_state->view();
    int ia = m_a->findData(QString::fromStdString(v.measuresA));
    int ib = m_b->findData(QString::fromStdString(v.measuresB));
    if (ia < 0 || ib < 0 || ia == ib) { // default: the first QI against the sensitive attribute
        ia = 0;
        ib = m_b->count() - 1;
    }
    m_a->setCurrentIndex(ia);
    m_b->setCurrentIndex(ib);
    fillPresent(m_presentA, m_a->currentData().toString().toStdString(), v.measuresPresentA);
    fillPresent(m_presentB, m_b->currentData().toString().toStdString(), v.measuresPresentB);
    const int is = m_sweep->findData(QString::fromStdString(v.measuresSweep));
    m_sweep->setCurrentIndex(is >= 0 ? is : 0);
    m_syncing = false;
}

void MeasuresView::pushChoices()
{
    if (m_syncing)
        return;
    ViewChoices v = m_state->view();
    v.measuresA = m_a->currentData().toString().toStdString();
    v.measuresB = m_b->currentData().toString().toStdString();
    v.measuresPresentA = m_presentA->currentData().toString().toStdString();
    v.measuresPresentB = m_presentB->currentData().toString().toStdString();
    v.measuresSweep = m_sweep->currentData().toString().toStdString();
    m_state->setView(v); // the workspace answers with a live frame, which this view follows
}

MeasuresRequest MeasuresView::request(const std::vector<double>& p) const
{
    MeasuresRequest r;
    r.first = m_a->currentData().toString().toStdString();
    r.second = m_b->currentData().toString().toStdString();
    if (r.first.empty() || r.second.empty())
        throw InputError("measures: no attributes chosen");
    r.presentFirst = std::max(0, m_presentA->currentIndex());
    r.presentSecond = std::max(0, m_presentB->currentIndex());
    r.p = p;
    r.seed = m_state->view().seed;
    r.alpha = m_state->view().alpha;
    r.sweepMeasure = measureByKey(m_sweep->currentData().toString().toStdString());
    return r;
}

void MeasuresView::compute(const std::vector<double>& p)
{
    const auto analysis = m_workspace->analysis();
    if (!analysis || analysis->names.size() < 2)
        return;
    if (m_a->currentData() == m_b->currentData()) {
        m_status->setText(tr("Choose two different attributes."));
        return;
    }
    MeasuresRequest r;
    try {
        r = request(p);
    } catch (const std::exception& e) {
        m_status->setText(errorText(e));
        return;
    }
    // The worker reads only what it captured; a newer request supersedes this one.
    m_task->start([this, analysis, r](TaskControl&) -> BackgroundTask::Completion {
        auto frame = std::make_shared<const MeasuresFrame>(computeMeasuresFrame(*analysis, r));
        return [this, frame]() { show(frame); };
    });
}

void MeasuresView::show(std::shared_ptr<const MeasuresFrame> frame)
{
    m_frame = std::move(frame);
    const MeasuresFrame& f = *m_frame;
    const PairMeasures& m = f.measures;
    m_status->setText(
        tr("%1 records, %2 \u00D7 %3 categories; estimates from one simulated randomized release at p(%4) = %5, "
           "p(%6) = %7, seeded draw (seed %8: exploration, not a release); ranges at %9%.")
            .arg(style::count(m.n))
            .arg(m.d1)
            .arg(m.d2)
            .arg(QString::fromStdString(f.first))
            .arg(f.pFirst, 0, 'f', 3)
            .arg(QString::fromStdString(f.second))
            .arg(f.pSecond, 0, 'f', 3)
            .arg(f.seed)
            .arg(100.0 * (1.0 - m_state->view().alpha), 0, 'g', 3) +
        (m.fullTableNote.empty() ? QString() : QStringLiteral(" ") + QString::fromStdString(m.fullTableNote)));

    std::vector<const MeasureEstimate*> rows = forestRows(m);
    for (const MeasureEstimate& e : m.residuals)
        rows.push_back(&e);
    for (const MeasureEstimate& e : m.cells)
        rows.push_back(&e);
    m_table->setRowCount(static_cast<int>(rows.size()));
    const std::size_t pairRows = m.measures.size();
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const MeasureEstimate& e = *rows[i];
        QString label = coreText(e.label);
        if (i >= pairRows && i < pairRows + m.fullTable.size())
            label += tr(" (whole %1 \u00D7 %2 table)").arg(m.d1).arg(m.d2);
        const QStringList cells{label,
                                e.original ? measureText(*e.original) : tr("\u2014"),
                                measureText(e.estimate),
                                measureText(e.variance),
                                rangeText(e.normal, e.variance),
                                rangeText(e.chebyshev, e.variance),
                                measureText(e.randomized)};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setToolTip(cells[c]);
            if (c == 0)
                item->setData(Qt::UserRole, QString::fromStdString(e.key));
            if (cells[c].startsWith(tr("undefined")))
                item->setForeground(QColor(0xb0, 0x3a, 0x00));
            m_table->setItem(static_cast<int>(i), c, item);
        }
    }
    if (m_table->columnWidth(0) < 200)
        m_table->resizeColumnsToContents();
    m_forest->setData(f);
    m_sweepChart->setData(f);
    emit computed();
}

QString MeasuresView::reportSection() const
{
    if (!m_frame)
        return {};
    const MeasuresFrame& f = *m_frame;
    QString h =
        tr("<h2>Association measures: %1 = %2 vs %3 = %4</h2><p>One simulated release at p = %5, %6 "
           "(seed %7); ranges at %8%.</p><table border=\"1\" cellspacing=\"0\" cellpadding=\"3\">"
           "<tr><th>Measure</th><th>Original</th><th>Estimate</th><th>Normal range</th>"
           "<th>Chebyshev range</th><th>Randomized (no p)</th></tr>")
            .arg(QString::fromStdString(f.first).toHtmlEscaped(),
                 QString::fromStdString(f.categoriesFirst[static_cast<std::size_t>(f.presentFirst)]).toHtmlEscaped(),
                 QString::fromStdString(f.second).toHtmlEscaped(),
                 QString::fromStdString(f.categoriesSecond[static_cast<std::size_t>(f.presentSecond)]).toHtmlEscaped())
            .arg(f.pFirst, 0, 'f', 3)
            .arg(f.pSecond, 0, 'f', 3)
            .arg(f.seed)
            .arg(100.0 * (1.0 - m_state->view().alpha), 0, 'g', 3);
    for (const MeasureEstimate* e : forestRows(f.measures))
        h += QString("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td><td>%6</td></tr>")
                 .arg(coreText(e->label).toHtmlEscaped(),
                      (e->original ? measureText(*e->original) : QString()).toHtmlEscaped(),
                      measureText(e->estimate).toHtmlEscaped(), rangeText(e->normal, e->variance).toHtmlEscaped(),
                      rangeText(e->chebyshev, e->variance).toHtmlEscaped(), measureText(e->randomized).toHtmlEscaped());
    return h + "</table>";
}

} // namespace rr::ui
