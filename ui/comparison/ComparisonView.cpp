#include "ui/comparison/ComparisonView.h"
#include "ui/texts/CombiningMarks.h"

#include "core/api/Compare.h"
#include "core/data/CsvWriter.h"
#include "core/data/Errors.h"
#include "ui/charts/ChartStyle.h"
#include "ui/comparison/MeasureBarChart.h"
#include "ui/comparison/UncertaintyHeatMap.h"
#include "ui/tasks/BackgroundTask.h"
#include "ui/models/TableModel.h"

#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QScrollArea>
#include <QVBoxLayout>

#include <limits>

namespace rr::ui {
namespace {

QLabel* placeholder()
{
    auto* label = new QLabel;
    label->setAlignment(Qt::AlignCenter);
    label->setWordWrap(true);
    label->setMargin(24);
    return label;
}

QTableView* tableView(TableModel* model, const QString& name)
{
    auto* v = new QTableView;
    v->setObjectName("releasedTable"); // the readable-views walk checks its cells
    v->setAccessibleName(name);
    v->setModel(model);
    v->setAlternatingRowColors(true);
    v->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    v->verticalHeader()->setDefaultSectionSize(v->fontMetrics().height() + 6);
    // Columns as wide as their values (measured on the first 200 rows), not Qt's 100 px that cut
    // "Self-emp-not-inc" to "Self-emp-not..." (issue 45); the owner can still narrow them.
    v->horizontalHeader()->setResizeContentsPrecision(200);
    QObject::connect(model, &QAbstractItemModel::modelReset, v, &QTableView::resizeColumnsToContents);
    return v;
}

} // namespace

ComparisonView::ComparisonView(QWidget* parent) : AnalysisView(parent)
{
    m_task = new BackgroundTask(tr("Comparing releases"), this);

    buildRunControls();
    buildChartControls();
    buildResultTabs();
    buildLayout();
    connectControls();
    m_bars->setMeasure(ComparisonMeasure::VariationalDistance);
    updateEnabled();
    updateReleaseTabs();
}

// l, the diversity model, c, the loss metric, seed, t, hierarchies, Compare / Cancel, progress and status.
void ComparisonView::buildRunControls()
{
    m_lMax = new QSpinBox;
    m_lMax->setRange(kMinComparisonL, kMaxComparisonL);
    m_lMax->setValue(7);
    m_lMax->setPrefix(tr("l = 2.."));
    m_lMax->setAccessibleName(tr("Largest l compared"));
    m_lMax->setToolTip(tr("Compare at every l from 2 to this value (\u03C4 = 1/l)"));
    m_model = new QComboBox;
    m_model->addItem(tr("entropy l-diversity"), "entropy");
    m_model->addItem(tr("distinct l-diversity"), "distinct");
    m_model->addItem(tr("recursive (c,l)-diversity"), "recursive");
    m_c = new QDoubleSpinBox;
    m_c->setRange(0.01, 1000);
    m_c->setValue(2.0);
    m_c->setPrefix(tr("c = "));
    m_c->setAccessibleName(tr("c of recursive (c,l)-diversity"));
    m_metric = new QComboBox;
    m_metric->addItem(tr("discernibility"), "discernibility");
    m_metric->addItem(tr("average class size"), "aecs");
    m_metric->addItem(tr("generalization height"), "height");
    m_metric->setToolTip(tr("The information loss the optimal generalization minimizes"));
    m_seed = new QSpinBox;
    m_seed->setRange(0, std::numeric_limits<int>::max());
    m_seed->setValue(1);
    m_seed->setPrefix(tr("seed "));
    m_seed->setAccessibleName(tr("Seed of the simulated randomization"));
    m_seed->setToolTip(tr("Seed of the simulated randomization (reproducible exploration, not for release)"));
    // t of t-closeness: by default the largest t whose best generalization keeps the risk within 1/l.
    m_t = new QDoubleSpinBox;
    m_t->setRange(0, 1);
    m_t->setDecimals(3);
    m_t->setSingleStep(0.01);
    m_t->setValue(0);
    m_t->setPrefix(tr("t = "));
    m_t->setSpecialValueText(tr("t: largest within 1/l"));
    m_t->setAccessibleName(tr("t of t-closeness"));
    m_t->setToolTip(tr("t-closeness releases classes whose distribution of the sensitive attribute lies within t of "
                       "the whole table's (earth mover's distance, every two values 1 apart). At the lowest value "
                       "the comparison finds the largest t whose best generalization keeps the risk within 1/l; "
                       "set a t to see that release instead, whatever its risk."));
    m_folderButton = new QPushButton(tr("Hierarchies\u2026"));
    m_folderButton->setToolTip(tr("Folder of ARX generalization hierarchies; without one every QI is only "
                                  "suppressed"));
    m_runButton = new QPushButton(QIcon(":/icons/optimize.svg"), tr("Compare"));
    m_cancelButton = new QPushButton(tr("Cancel"));
    m_progress = new QProgressBar;
    m_progress->setMaximumWidth(180);
    m_progress->setTextVisible(true);
    m_status = new QLabel(tr("Choose the records and press \u201C" "Compare\u201D."));
    m_status->setWordWrap(true);
}

// What the chart shows (measure, l shown) and Export tables.
void ComparisonView::buildChartControls()
{
    m_measure = new QComboBox;
    for (ComparisonMeasure m :
         {ComparisonMeasure::VariationalDistance, ComparisonMeasure::L2, ComparisonMeasure::KL,
          ComparisonMeasure::ChiSquare, ComparisonMeasure::BaseQueryError, ComparisonMeasure::CubeQueryError,
          ComparisonMeasure::MaxRisk, ComparisonMeasure::GroupShareMax, ComparisonMeasure::GroupShareMean,
          ComparisonMeasure::UncertaintyQiS, ComparisonMeasure::UncertaintyQiQi})
        m_measure->addItem(measureName(m), static_cast<int>(m));
    m_measure->setFont(fontForMarks(m_measure->font())); // d_V(pi, pi-hat) with its hat (issue 45)
    m_shownL = new QSpinBox;
    m_shownL->setRange(2, 2);
    m_shownL->setPrefix(tr("show l = "));
    m_shownL->setAccessibleName(tr("l shown"));
    m_shownL->setToolTip(tr("The l whose heat maps and released tables are shown"));
    m_exportTables = new QPushButton(tr("Export tables\u2026"));
    m_exportTables->setToolTip(tr("Write the generalized table and the anatomy QIT and ST of the l shown as CSV: "
                                  "every record, the quasi-identifiers and the sensitive attribute only, in a random "
                                  "order"));
}

// The bar chart, the heat map and the two releases' tables in tabs.
void ComparisonView::buildResultTabs()
{
    m_bars = new MeasureBarChart;
    m_heat = new UncertaintyHeatMap;
    m_generalizedModel = new TableModel(this);
    m_qitModel = new TableModel(this);
    m_stModel = new TableModel(this);
    m_generalizedView = tableView(m_generalizedModel, tr("Generalized table"));
    m_qitView = tableView(m_qitModel, tr("Anatomy: quasi-identifier table"));
    m_stView = tableView(m_stModel, tr("Anatomy: sensitive table"));
    m_releaseInfo = new QLabel;
    m_releaseInfo->setObjectName("comparisonReleaseInfo");
    m_releaseInfo->setWordWrap(true);
    // Two whole lines, scrolled beyond: its reasons for each l (six lines at 1024 px) pushed the chart's
    // legend under the window's edge (issue 45); a height between lines showed half a line.
    m_releaseArea = new QScrollArea;
    m_releaseArea->setWidget(m_releaseInfo);
    m_releaseArea->setWidgetResizable(true);
    m_releaseArea->setFrameShape(QFrame::NoFrame);
    m_releaseArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_releaseArea->setFixedHeight(2 * m_releaseInfo->fontMetrics().lineSpacing());
    m_releaseArea->hide();
    m_releaseInfo->hide(); // shown with a run's releases only (after setWidget, which shows it)

    auto* anatomy = new QSplitter(Qt::Horizontal);
    anatomy->addWidget(m_qitView);
    anatomy->addWidget(m_stView);
    anatomy->setStretchFactor(0, 3);
    anatomy->setStretchFactor(1, 2);
    // A release tab without a table says why instead of showing a blank panel (issue 20, bug 7).
    m_generalizedEmpty = placeholder();
    m_anatomyEmpty = placeholder();
    m_generalizedStack = new QStackedWidget;
    m_generalizedStack->addWidget(m_generalizedView);
    m_generalizedStack->addWidget(m_generalizedEmpty);
    m_anatomyStack = new QStackedWidget;
    m_anatomyStack->addWidget(anatomy);
    m_anatomyStack->addWidget(m_anatomyEmpty);
    m_tabs = new QTabWidget;
    m_tabs->addTab(m_bars, tr("Distances, queries, risk"));
    m_tabs->addTab(m_heat, tr("Correlation"));
    m_tabs->addTab(m_generalizedStack, tr("Generalized release"));
    m_tabs->addTab(m_anatomyStack, tr("Anatomy release (QIT | ST)"));
}

// The three rows of controls, the status and release lines, the tabs.
void ComparisonView::buildLayout()
{
    auto* row1 = new QHBoxLayout;
    row1->addWidget(m_lMax);
    row1->addWidget(m_model);
    row1->addWidget(m_c);
    row1->addWidget(m_metric);
    row1->addStretch(1);
    // Seed, folder and run controls on their own row, beside the Parameters panel within a 1024 px screen.
    auto* row2 = new QHBoxLayout;
    row2->addWidget(m_seed);
    row2->addWidget(m_t);
    row2->addWidget(m_folderButton);
    row2->addWidget(m_runButton);
    row2->addWidget(m_cancelButton);
    row2->addStretch(1);
    // The progress bar beside the status, not the buttons: appearing there it widened the window to 1,052 px
    // at 1024 x 700, and the window kept that width after the run (issue 45).
    auto* statusRow = new QHBoxLayout;
    statusRow->addWidget(m_progress);
    statusRow->addWidget(m_status, 1);
    auto* row3 = new QHBoxLayout;
    row3->addWidget(new QLabel(tr("Chart:")));
    row3->addWidget(m_measure);
    row3->addWidget(m_shownL);
    row3->addWidget(m_exportTables);
    row3->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(row1);
    layout->addLayout(row2);
    layout->addLayout(statusRow); // its own row: beside the buttons the status was squeezed to a word a line
    layout->addLayout(row3);
    layout->addWidget(m_releaseArea);
    layout->addWidget(m_tabs, 1);
}

// The buttons, the choices and the comparison task's progress, end and failure.
void ComparisonView::connectControls()
{
    connect(m_runButton, &QPushButton::clicked, this, &ComparisonView::run);
    connect(m_cancelButton, &QPushButton::clicked, this, &ComparisonView::cancel);
    connect(m_folderButton, &QPushButton::clicked, this, &ComparisonView::chooseFolder);
    connect(m_exportTables, &QPushButton::clicked, this, &ComparisonView::exportTablesInteractively);
    connect(m_model, &QComboBox::currentIndexChanged, this, &ComparisonView::updateEnabled);
    connect(m_measure, &QComboBox::currentIndexChanged, this,
            [this] { m_bars->setMeasure(static_cast<ComparisonMeasure>(m_measure->currentData().toInt())); });
    connect(m_shownL, &QSpinBox::valueChanged, this, &ComparisonView::showL);
    connect(m_task, &BackgroundTask::progress, this, [this](int done, int total) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
    });
    connect(m_task, &BackgroundTask::finished, this, [this](const QString&, bool canceled) {
        if (canceled)
            m_status->setText(m_exporting ? tr("Export canceled; nothing was written.")
                                          : tr("Canceled; the previous results (if any) stay shown."));
        m_exporting = false;
        updateEnabled();
    });
    connect(m_task, &BackgroundTask::failed, this, [this](const QString&, const QString& message) {
        m_status->setText(m_exporting ? tr("The export failed: %1").arg(message)
                                      : tr("The comparison failed: %1").arg(message));
        m_exporting = false;
        updateEnabled();
    });
}

void ComparisonView::updateReleaseTabs()
{
    const int l = m_shownL->value();
    const std::size_t i = m_run ? static_cast<std::size_t>(l - m_run->sweep.lMin) : 0;
    const ComparisonResult* r = m_run && i < m_run->sweep.results.size() ? &m_run->sweep.results[i] : nullptr;
    auto show = [&](QStackedWidget* stack, QLabel* empty, bool hasTable, const QString& method, bool available,
                    const std::string& note) {
        if (r && hasTable) {
            stack->setCurrentIndex(0);
            return;
        }
        if (!r)
            empty->setText(tr("No %1 yet: press \u201C" "Compare\u201D to build it for each l.").arg(method));
        else if (!available)
            empty->setText(tr("No %1 at l = %2: %3").arg(method).arg(l).arg(QString::fromStdString(note)));
        else if (!m_run->tablesNote.empty())
            empty->setText(tr("The %1 is not shown: %2.").arg(method, QString::fromStdString(m_run->tablesNote)));
        else
            empty->setText(
                tr("The %1 is not saved in sessions: press \u201C" "Compare\u201D to build it again.").arg(method));
        stack->setCurrentIndex(1);
    };
    show(m_generalizedStack, m_generalizedEmpty, r && m_run->generalized[i] != nullptr, tr("generalized release"),
         r && r->search.found, r ? r->lDiversity.note : std::string());
    show(m_anatomyStack, m_anatomyEmpty, r && m_run->qit[i] != nullptr, tr("anatomy release"),
         r && r->anatomy.available, r ? r->anatomy.note : std::string());
}

ComparisonView::~ComparisonView()
{
    m_task->shutdown(); // joined before the members the completion would use go away
}

void ComparisonView::setInput(std::shared_ptr<const DataSource> source, const AnalysisSpec& spec)
{
    if (source == m_source && spec == m_spec)
        return; // the same records and roles: the results shown still hold
    m_task->cancel();
    m_source = std::move(source);
    m_spec = spec;
    // Nothing from the old records or roles stays on screen (issue 11: old attributes were shown
    // after another file was opened).
    m_run.reset();
    m_bars->setData(nullptr);
    m_heat->setData(nullptr, m_heat->l());
    m_generalizedModel->setTable(nullptr);
    m_qitModel->setTable(nullptr);
    m_stModel->setTable(nullptr);
    m_releaseInfo->clear(); // issue 11: the old run's release line stayed over the emptied chart
    m_releaseInfo->hide();
    m_releaseArea->hide();
    updateReleaseTabs();
    m_status->setText(m_source ? tr("%1 quasi-identifiers, sensitive attribute %2: press \u201C" "Compare\u201D.")
                                     .arg(m_spec.quasiIdentifiers.size())
                                     .arg(QString::fromStdString(m_spec.sensitive))
                               : tr("No records."));
    updateEnabled();
}

void ComparisonView::setHierarchyFolder(const QString& folder)
{
    m_folder = folder;
    // The folder with its parent ("data/hierarchies"): the last name alone is often generic.
    const QFileInfo info(folder);
    m_folderButton->setText(folder.isEmpty() ? tr("Hierarchies\u2026")
                                             : tr("Hierarchies: %1/%2").arg(info.dir().dirName(), info.fileName()));
    m_folderButton->setToolTip(folder.isEmpty() ? tr("No hierarchy folder: every QI is only suppressed") : folder);
}

ChartView* ComparisonView::chartView() const
{
    if (m_tabs->currentWidget() == m_heat)
        return m_heat;
    return m_bars;
}

void ComparisonView::chooseFolder()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Folder of generalization hierarchies"), m_folder);
    if (!dir.isEmpty())
        setHierarchyFolder(dir);
}

void ComparisonView::updateEnabled()
{
    const bool running = m_task->isRunning();
    const bool ready = m_source && !m_spec.quasiIdentifiers.empty() && !m_spec.sensitive.empty();
    m_runButton->setEnabled(ready && !running);
    m_cancelButton->setEnabled(running);
    m_progress->setVisible(running);
    m_c->setEnabled(m_model->currentData().toString() == "recursive");
    m_exportTables->setEnabled(m_run != nullptr && !running);
    m_shownL->setEnabled(m_run != nullptr);
}

void ComparisonView::run()
{
    if (!m_source || m_spec.quasiIdentifiers.empty() || m_spec.sensitive.empty())
        return;
    ComparisonRequest request;
    request.spec = m_spec;
    request.hierarchyFolder = m_folder.toStdString();
    request.lMin = 2;
    request.lMax = m_lMax->value();
    request.releasedTables = true;
    ComparisonOptions& options = request.options;
    options.model = parsePrivacyModelKind(m_model->currentData().toString().toStdString());
    options.c = options.model == PrivacyModelKind::RecursiveCLDiversity ? m_c->value() : 0.0;
    options.metric = parseLossMetricKind(m_metric->currentData().toString().toStdString());
    options.seed = static_cast<std::uint64_t>(m_seed->value());
    // t-closeness (equal ground distance) at the largest t whose optimum meets tau, beside l-diversity (issue 22).
    options.tCloseness = true;
    if (m_t->value() > 0)
        options.t = m_t->value();
    const ComparisonChoices choices = currentChoices();

    m_task->setTitle(tr("Comparing releases"));
    m_status->setText(tr("Comparing at l = 2..%1\u2026").arg(request.lMax));
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    // The worker uses only the values it captured; the completion runs on the GUI thread, and this
    // view joins the task before it is destroyed.
    api::CompareRequest compare; // the CLI's `compare` over the source the view holds (issue 43)
    compare.data.table = m_source;
    compare.comparison = request;
    compare.seed = request.options.seed;
    m_task->start([this, compare, choices](TaskControl& control) -> BackgroundTask::Completion {
        // Counts and one streaming pass per l: any number of records (the released tables only up to
        // kDefaultMaxRecords).
        const std::function<bool(int, int)> stages = [&control](int done, int total) {
            control.setProgress(done, total);
            return !control.isCanceled();
        };
        auto run = std::make_shared<const ComparisonRun>(api::compareOf(compare, stages).run);
        return [this, run, choices]() {
            double seconds = 0;
            for (const auto& r : run->sweep.results)
                seconds += r.secondsTotal;
            m_status->setText(tr("Compared %1 records at l = %2..%3 in %4 s.")
                                  .arg(style::count(static_cast<double>(run->rows)))
                                  .arg(run->sweep.lMin)
                                  .arg(run->sweep.lMax)
                                  .arg(seconds, 0, 'f', 2));
            showResult(run, choices, static_cast<double>(run->rows));
        };
    });
    updateEnabled();
}

void ComparisonView::cancel()
{
    m_task->cancel();
    updateEnabled();
}

ComparisonChoices ComparisonView::currentChoices() const
{
    ComparisonChoices c;
    c.lMax = m_lMax->value();
    c.model = m_model->currentData().toString().toStdString();
    c.c = m_c->value();
    c.metric = m_metric->currentData().toString().toStdString();
    c.seed = static_cast<std::uint64_t>(m_seed->value());
    c.t = m_t->value();
    c.hierarchyFolder = m_folder.toStdString();
    return c;
}

std::optional<SavedComparison> ComparisonView::savedResult(const ResultInputs& inputs) const
{
    if (!m_run)
        return std::nullopt;
    return SavedComparison{inputs, m_runChoices, m_runRecords, m_run->sweep};
}

void ComparisonView::restoreResult(const SavedComparison& saved)
{
    m_task->cancel();
    const ComparisonChoices& c = saved.choices;
    m_lMax->setValue(c.lMax);
    m_model->setCurrentIndex(std::max(0, m_model->findData(QString::fromStdString(c.model))));
    m_c->setValue(c.c);
    m_metric->setCurrentIndex(std::max(0, m_metric->findData(QString::fromStdString(c.metric))));
    m_seed->setValue(static_cast<int>(c.seed));
    m_t->setValue(c.t);
    setHierarchyFolder(QString::fromStdString(c.hierarchyFolder));
    auto run = std::make_shared<ComparisonRun>();
    run->sweep = saved.sweep;
    const std::size_t n = saved.sweep.results.size();
    run->generalized.assign(n, nullptr); // the released tables are not saved
    run->qit.assign(n, nullptr);
    run->st.assign(n, nullptr);
    m_status->setText(tr("Restored from the session: %1 records compared at l = %2..%3. The released tables are "
                         "not saved; Compare builds them again.")
                          .arg(saved.records, 0, 'f', 0)
                          .arg(saved.sweep.lMin)
                          .arg(saved.sweep.lMax));
    showResult(run, c, saved.records);
}

void ComparisonView::showResult(std::shared_ptr<const ComparisonRun> run, const ComparisonChoices& choices,
                                double records)
{
    m_run = std::move(run);
    m_runChoices = choices;
    m_runRecords = records;
    const ComparisonSweep& sweep = m_run->sweep;
    m_bars->setData(std::shared_ptr<const ComparisonSweep>(m_run, &m_run->sweep));
    m_shownL->blockSignals(true);
    m_shownL->setRange(sweep.lMin, sweep.lMax);
    m_shownL->setValue(std::min(std::max(3, sweep.lMin), sweep.lMax));
    m_shownL->blockSignals(false);
    showL();
    updateEnabled();
    emit computed();
}

void ComparisonView::showL()
{
    if (!m_run)
        return;
    const int l = m_shownL->value();
    const std::size_t i = static_cast<std::size_t>(l - m_run->sweep.lMin);
    if (i >= m_run->sweep.results.size())
        return;
    const ComparisonResult& r = m_run->sweep.results[i];
    m_heat->setData(std::shared_ptr<const ComparisonSweep>(m_run, &m_run->sweep), l);
    m_generalizedModel->setTable(m_run->generalized[i]);
    m_qitModel->setTable(m_run->qit[i]);
    m_stModel->setTable(m_run->st[i]);
    QStringList info = generalizationInfo(r, l);
    addTClosenessInfo(info, r, l);
    addOtherReleasesInfo(info, r);
    m_releaseInfo->setText(info.join(QStringLiteral("; ")));
    m_releaseInfo->show();
    m_releaseArea->show();
    updateReleaseTabs();
}

// The generalization found at `l` (node, loss, risk), or why there is none.
QStringList ComparisonView::generalizationInfo(const ComparisonResult& r, int l) const
{
    QStringList info;
    if (r.search.found) {
        QStringList levels;
        for (std::size_t a = 0; a < r.search.node.size(); ++a)
            levels << QString("%1 %2").arg(QString::fromStdString(r.attributes[a])).arg(r.search.node[a]);
        info << tr("l = %1: %2 at node (%3), %4 %5, %6 of %7 lattice nodes checked, max risk %8")
                    .arg(l)
                    .arg(QString::fromStdString(r.privacyModel), levels.join(", "),
                         QString::fromStdString(r.search.metric))
                    .arg(r.search.metricValue, 0, 'g', 6)
                    .arg(r.search.nodesChecked)
                    .arg(r.search.latticeSize)
                    .arg(r.lDiversity.maxRisk, 0, 'f', 4);
        // Bug 7 of issue 20: entropy l-diversity spreads each class's sensitive values, it does not cap the
        // commonest one, so its largest risk can lie above 1/l; said where the number is.
        if (r.privacyModel.rfind("entropy", 0) == 0 && r.lDiversity.maxRisk > 1.0 / l + 1e-9)
            info << tr("entropy l-diversity asks each class's sensitive values to be spread at least as evenly as l "
                       "equally common values (entropy at least ln l); it does not cap the commonest value, so its "
                       "largest risk, %1, lies above 1/l = %2 (distinct or recursive l-diversity would cap it)")
                        .arg(r.lDiversity.maxRisk, 0, 'f', 4)
                        .arg(1.0 / l, 0, 'f', 4);
    } else {
        info << tr("l = %1: %2").arg(l).arg(QString::fromStdString(r.lDiversity.note));
    }
    return info;
}

// t-closeness in words (issue 46): what t is, the t used, and why there is none at some l.
void ComparisonView::addTClosenessInfo(QStringList& info, const ComparisonResult& r, int l) const
{
    if (r.tSearch.found && m_runChoices.t > 0)
        info << tr("t-closeness: t = %1, as set: every released class's distribution of %2 lies within %1 of the "
                   "whole table's (earth mover's distance), max risk %3, %4 1/l = %5")
                    .arg(r.tSearch.t, 0, 'g', 4)
                    .arg(QString::fromStdString(r.attributes.back()))
                    .arg(r.tCloseness.maxRisk, 0, 'f', 4)
                    .arg(r.tCloseness.maxRisk <= 1.0 / l + 1e-9 ? tr("within") : tr("above"))
                    .arg(1.0 / l, 0, 'f', 4);
    else if (r.tSearch.found)
        info << tr("t-closeness: t = %1, the largest t whose best generalization keeps the risk within 1/l: every "
                   "released class's distribution of %2 lies within %1 of the whole table's (earth mover's "
                   "distance), max risk %3")
                    .arg(r.tSearch.t, 0, 'g', 4)
                    .arg(QString::fromStdString(r.attributes.back()))
                    .arg(r.tCloseness.maxRisk, 0, 'f', 4);
    else if (!r.tCloseness.available && !r.tCloseness.note.empty())
        info << tr("t-closeness: no value at l = %1: %2").arg(l).arg(QString::fromStdString(r.tCloseness.note));
}

// Anatomy, RR-QI and what the published shares reveal.
void ComparisonView::addOtherReleasesInfo(QStringList& info, const ComparisonResult& r) const
{
    if (!r.anatomy.available)
        info << tr("anatomy: %1").arg(QString::fromStdString(r.anatomy.note));
    else if (r.anatomyGroups > 0)
        info << tr("anatomy: %1 groups, max risk %2")
                    .arg(r.anatomyGroups)
                    .arg(r.anatomy.maxRisk, 0, 'f', 4);
    else // restored from a session: the release itself is not saved
        info << tr("anatomy: max risk %1").arg(r.anatomy.maxRisk, 0, 'f', 4);
    if (r.randomization.available) {
        QStringList p;
        for (std::size_t a = 0; a + 1 < r.rr.parameters.p.size(); ++a)
            p << QString("%1 %2").arg(QString::fromStdString(r.attributes[a])).arg(r.rr.parameters.p[a], 0, 'f', 3);
        info << tr("RR-QI: p = (%1), max risk %2").arg(p.join(", ")).arg(r.randomization.maxRisk, 0, 'f', 4);
    } else {
        info << tr("RR-QI: %1").arg(QString::fromStdString(r.randomization.note));
    }
    // What the published shares reveal, method by method, over the groups each publishes (issue 46).
    QStringList shares;
    for (ComparisonMethod m : kComparisonMethods)
        if (const auto& inf = methodResult(r, m).inference; methodResult(r, m).available && inf)
            shares << tr("%1 %2%").arg(methodName(m)).arg(100 * inf->groupsMax, 0, 'f', 1);
    if (!shares.isEmpty())
        info << tr("largest share of one %1 value in a published group: %2")
                    .arg(QString::fromStdString(r.attributes.back()), shares.join(", "));
}

QString ComparisonView::releaseInfo() const
{
    return m_releaseInfo->text();
}

QStringList ComparisonView::exportTables(const QString& prefix) const
{
    if (!m_run || !m_source)
        throw InputError("nothing to export: run the comparison first");
    QStringList written;
    for (const std::string& f : exportComparisonTables(*m_source, *m_run, m_shownL->value(), prefix.toStdString()))
        written << QString::fromStdString(f);
    return written;
}

void ComparisonView::exportTablesInteractively()
{
    if (!m_run || !m_source || m_task->isRunning())
        return;
    const QString prefix = QFileDialog::getSaveFileName(this, tr("Export the released tables (file name prefix)"));
    if (prefix.isEmpty())
        return;
    // Streamed from the data (any number of records) off the GUI thread, with progress and Cancel.
    const std::shared_ptr<const DataSource> source = m_source;
    const std::shared_ptr<const ComparisonRun> run = m_run;
    const int l = m_shownL->value();
    m_exporting = true;
    m_task->setTitle(tr("Exporting the released tables"));
    m_status->setText(tr("Exporting the released tables at l = %1\u2026").arg(l));
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_task->start([this, source, run, l, prefix](TaskControl& control) -> BackgroundTask::Completion {
        const std::vector<std::string> files =
            exportComparisonTables(*source, *run, l, prefix.toStdString(), [&control](double f) {
                if (f >= 0)
                    control.setProgress(static_cast<int>(f * 1000), 1000);
                return !control.isCanceled();
            });
        return [this, files]() {
            m_exporting = false;
            QStringList names;
            for (const std::string& f : files)
                names << QString::fromStdString(f);
            m_status->setText(tr("Wrote %1 (records in a random order).").arg(names.join(", ")));
        };
    });
    updateEnabled();
}

} // namespace rr::ui
