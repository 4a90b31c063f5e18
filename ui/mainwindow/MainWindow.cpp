#include "ui/mainwindow/MainWindow.h"
#include "ui/texts/ErrorText.h"

#include "ui/texts/Citations.h"

#include "ui/mainwindow/LoginPrompt.h"
#include "ui/catalog/ViewCatalog.h"

#include "core/data/CsvPreview.h"
#include "core/statfiles/StatFormat.h"
#include "core/data/Errors.h"
#include "core/optimization/OptimalParameters.h"
#include "core/sources/SqlUrl.h"
#include "ui/baskets/BasketsView.h"
#include "ui/charts/ChartStyle.h"
#include "ui/charts/ChartView.h"
#include "ui/comparison/ComparisonView.h"
#include "ui/comparison/MeasureBarChart.h"
#include "ui/comparison/UncertaintyHeatMap.h"
#include "ui/tasks/BackgroundTask.h"
#include "ui/document/Workspace.h"
#include "ui/export/ChartExport.h"
#include "ui/export/LastFolder.h"
#include "ui/export/ReportWriter.h"
#include "ui/help/GuideDialog.h"
#include "ui/import/ImportDialog.h"
#include "ui/mainwindow/ElidingLabel.h"
#include "ui/mainwindow/InfoBar.h"
#include "ui/mainwindow/OpenDatabaseDialog.h"
#include "ui/mainwindow/ScreenFit.h"
#include "ui/mainwindow/RowWindowBar.h"
#include "ui/mainwindow/StepBar.h"
#include "ui/mainwindow/StepGuide.h"
#include "ui/mainwindow/TaskProgress.h"
#include "ui/measures/MeasureSweepChart.h"
#include "ui/measures/MeasuresView.h"
#include "ui/measures/RulesView.h"
#include "ui/models/TableModel.h"
#include "ui/import/BinDialog.h"
#include "ui/panels/AttributePanel.h"
#include "ui/panels/ParameterPanel.h"
#include "ui/release/DataPreview.h"
#include "ui/release/ReleaseDialog.h"
#include "ui/release/ReleaseStepPage.h"
#include "ui/session/AnalysisState.h"
#include "ui/import/BundledData.h"
#include "ui/session/SessionCapture.h"
#include "ui/session/ViewResolution.h"
#include "ui/views/DistributionView.h"
#include "ui/views/IntervalsView.h"
#include "ui/views/ModelLossView.h"
#include "ui/views/RiskView.h"
#include "ui/views/ReidentificationPanel.h"
#include "ui/charts/ReidentificationChart.h"
#include "ui/views/SurfaceView.h"
#include "ui/views/TradeOffView.h"
#include "ui/withoutp/WithoutPView.h"
#include "core/sources/SecretScrub.h"

#include <algorithm>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScopedValueRollback>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include <iterator>

// Resources of a static library must be registered explicitly (outside any namespace).
static void initRrResources()
{
    Q_INIT_RESOURCE(resources);
}

namespace rr::ui {
namespace {
constexpr int kMaxRecent = 8;

// The columns whose missing values drop a record under the analysis's policy (for greying rows).
std::vector<int> checkedColumns(const DataSource& source, const AnalysisSpec& spec)
{
    const auto& attrs = source.summary().attributes;
    std::vector<int> out;
    for (std::size_t i = 0; i < attrs.size(); ++i) {
        const auto used = spec.analysed();
        if (spec.policy == MissingPolicy::DropIncomplete ||
            std::find(used.begin(), used.end(), attrs[i].name) != used.end())
            out.push_back(static_cast<int>(i));
    }
    return out;
}
// The Data tab's preview is a fixed seeded draw: the same p show the same preview.
constexpr std::uint64_t kPreviewSeed = 1;

// What the info bar's optimization and roles messages state (InfoBar::setTopic): a change of the mode, l or
// the roles makes them stale.
QString optimizationTopic(const AnalysisState& state)
{
    return QString("optimization %1 %2").arg(static_cast<int>(state.mode())).arg(state.tau(), 0, 'g', 12);
}

QString rolesTopic(const AnalysisSpec& spec)
{
    QStringList qi;
    for (const std::string& q : spec.quasiIdentifiers)
        qi << QString::fromStdString(q);
    return QString("roles %1|%2").arg(QString::fromStdString(spec.sensitive), qi.join(','));
}

} // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    initRrResources();
    setObjectName("mainWindow");
    setWindowIcon(QIcon(":/icons/app.svg"));
    setAcceptDrops(true);
    m_state = new AnalysisState(this);
    m_workspace = new Workspace(m_state, this);
    // Asked from the loading worker when a server refuses the login: the dialog runs on the GUI thread.
    m_loginPrompt = new LoginPrompt(this);
    m_workspace->setCredentialsPrompt([prompt = m_loginPrompt](const std::string& server, const std::string& problem) {
        return prompt->ask(server, problem);
    });

    createViews();
    createCentral();
    createActions();
    createDocks();
    createMenus();
    createStatusBar();
    createPages();
    wireWorkspace();
    createStepBar();
    applyStep();
    restoreWindow();
    rebuildRecentMenu();
    updateTitle();
    updateStatus();
}

// The records' table and every view (the release page's request opens the release dialog).
void MainWindow::createViews()
{
    m_tableModel = new TableModel(this);
    m_dataView = new QTableView;
    m_dataView->setObjectName("dataView");
    m_dataView->setAccessibleName(tr("Records"));
    m_dataView->setModel(m_tableModel);
    m_dataView->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_dataView->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_dataView->horizontalHeader()->setDefaultSectionSize(fontMetrics().horizontalAdvance("Married-civ-spouse") + 16);
    m_dataView->setAlternatingRowColors(true);
    m_dataView->setWordWrap(false);

    m_distribution = new DistributionView(m_state, m_workspace);
    m_risk = new RiskView(m_state, m_workspace);
    m_surface = new SurfaceView(m_state, m_workspace);
    m_intervals = new IntervalsView(m_state, m_workspace);
    m_modelLoss = new ModelLossView(m_state, m_workspace);
    m_tradeOff = new TradeOffView(m_state, m_workspace);
    m_comparison = new ComparisonView;
    m_measures = new MeasuresView(m_state, m_workspace);
    m_rules = new RulesView(m_state, m_workspace);
    m_withoutP = new WithoutPView(m_state, m_workspace);
    m_releasePage = new ReleaseStepPage(m_state, m_workspace);
    connect(m_releasePage, &ReleaseStepPage::releaseRequested, this, &MainWindow::actionRelease);
}

// The tab bar lists the views of the current step only (the step bar chooses the step).
void MainWindow::createCentral()
{
    m_tabs = new QTabWidget;
    m_tabs->setDocumentMode(true);
    m_tabs->setAccessibleName(tr("Views of this step"));
    createDataPage();
    m_info = new InfoBar;
    m_stepLine = new QLabel;
    m_stepLine->setObjectName("stepLine");
    m_stepLine->setWordWrap(true);
    m_stepLine->setTextFormat(Qt::PlainText);
    m_stepLine->setMargin(4);
    auto* central = new QWidget;
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(2, 2, 2, 0);
    layout->setSpacing(2);
    layout->addWidget(m_stepLine);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_info); // below the page: it shortens the page, covers none of it (issue 20, bug 4)
    setCentralWidget(central);
}

// Issue #10: the Baskets workspace (transactions, not tables); then the pages in the catalog's order, the
// Panels menu and the background jobs in the status bar.
void MainWindow::createPages()
{
    m_baskets = new BasketsView;
    // The pages in the catalog's order, each with its View menu entry and shortcut.
    const QHash<QString, QWidget*> pages{
        {"data", m_dataPage},         {"distribution", m_distribution}, {"risk", m_risk},
        {"surface", m_surface},       {"intervals", m_intervals},       {"tradeoff", m_tradeOff},
        {"comparison", m_comparison}, {"release", m_releasePage},       {"measures", m_measures},
        {"rules", m_rules},           {"withoutp", m_withoutP},         {"baskets", m_baskets},
        {"models", m_modelLoss}};
    for (const ViewDescriptor& d : viewCatalog())
        addPage(d, pages.value(d.name));
    m_viewMenu->addSeparator();
    QMenu* panels = m_viewMenu->addMenu(tr("Panels"));
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        panels->addAction(dock->toggleViewAction());
    // Background jobs show in the status bar.
    m_progress->watch(m_comparison->task());
    m_progress->watch(m_dataPreview->task());
    m_progress->watch(m_rules->task());
    m_progress->watch(m_modelLoss->task());
    for (BackgroundTask* t : m_baskets->workspace()->tasks())
        m_progress->watch(t);
}

// The owner's path over the pages: a row of its own across the window, under the main toolbar.
void MainWindow::createStepBar()
{
    m_stepGuide = new StepGuide(m_workspace, this);
    m_stepBar = new StepBar;
    addToolBarBreak();
    QToolBar* steps = addToolBar(tr("Steps"));
    steps->setObjectName("stepToolBar");
    steps->setMovable(false);
    steps->setFloatable(false);
    steps->toggleViewAction()->setVisible(false); // the path is always there
    steps->addWidget(m_stepBar);
    connect(m_stepBar, &StepBar::stepChosen, this, &MainWindow::showStep);
    connect(m_stepGuide, &StepGuide::changed, this, &MainWindow::updateStepLine);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::followPage);
}

// The saved geometry and docks, or a comfortable first layout.
void MainWindow::restoreWindow()
{
    QSettings settings;
    // A geometry saved on a larger screen comes back within this one (its status bar on screen).
    if (restoreGeometry(settings.value("window/geometry").toByteArray()))
        keepWithinScreen(this);
    else
        resizeWithinScreen(this, QSize(1280, 800));
    if (!restoreState(settings.value("window/state").toByteArray())) {
        // First start: a comfortable left column (docks only resize once the window is laid out).
        QTimer::singleShot(0, this, [this]() {
            auto* params = findChild<QDockWidget*>("parametersDock");
            auto* attrs = findChild<QDockWidget*>("attributesDock");
            resizeDocks({params}, {fontMetrics().averageCharWidth() * 66}, Qt::Horizontal);
            resizeDocks({params, attrs}, {height() * 55 / 100, height() * 45 / 100}, Qt::Vertical);
            widenAttributes();
        });
    } else {
        QTimer::singleShot(0, this, &MainWindow::widenAttributes); // a column saved too narrow
    }
}

MainWindow::~MainWindow()
{
    // Views and panels point at the state and the workspace: they go first, and nothing may call
    // back into this half-destroyed window (the undo stack announces "clean" while it is destroyed).
    // A loader waiting for a login is released first: deleting the workspace joins it.
    m_loginPrompt->abandon();
    disconnect(m_state->undoStack(), nullptr, this, nullptr);
    disconnect(m_state, nullptr, this, nullptr);
    disconnect(m_workspace, nullptr, this, nullptr);
    disconnect(m_tabs, nullptr, this, nullptr); // removing the pages is not a choice of page
    delete takeCentralWidget();
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        delete dock;
    delete m_workspace;
    delete m_state;
}

void MainWindow::addPage(const ViewDescriptor& descriptor, QWidget* page)
{
    Q_ASSERT(page); // every catalog entry has its page (tests/ui/test_view_catalog.cpp)
    // The View menu groups the pages as the step bar does: the Analysis group and Baskets apart.
    if (m_tabs->count() > 0 && stepDescriptor(descriptor.step).startsGroup &&
        m_tabs->widget(m_tabs->count() - 1)->property("viewStep").toInt() != static_cast<int>(descriptor.step))
        m_viewMenu->addSeparator();
    page->setProperty("viewName", descriptor.name);
    page->setProperty("viewStep", static_cast<int>(descriptor.step));
    m_pages.insert(descriptor.name, page);
    if (auto* view = qobject_cast<AnalysisView*>(page))
        m_views << view;
    if (descriptor.name == "data")
        m_tabs->addTab(page, QIcon(":/icons/table.svg"), descriptor.title);
    else
        m_tabs->addTab(page, descriptor.title);
    QAction* a = m_viewMenu->addAction(descriptor.title, this, [this, name = descriptor.name]() { showView(name); });
    if (!descriptor.shortcut.isEmpty())
        a->setShortcut(QKeySequence(descriptor.shortcut));
}

QWidget* MainWindow::page(const QString& name) const
{
    return m_pages.value(name);
}

ChartView* MainWindow::currentChart() const
{
    auto* view = qobject_cast<AnalysisView*>(m_tabs->currentWidget());
    return view ? view->chartView() : nullptr;
}

void MainWindow::showView(const QString& name)
{
    QWidget* p = page(name);
    if (!p)
        return;
    if (!viewsOfStep(viewCatalog(), m_step).contains(name))
        m_step = static_cast<WorkflowStep>(p->property("viewStep").toInt());
    applyStep();
    m_tabs->setCurrentWidget(p);
}

WorkflowStep MainWindow::currentStep() const
{
    return m_step;
}

void MainWindow::showStep(WorkflowStep step)
{
    m_step = step;
    const QStringList views = viewsOfStep(viewCatalog(), step);
    const QString shown = m_tabs->currentWidget() ? m_tabs->currentWidget()->property("viewName").toString() : QString();
    // Another step's page gives way to the step's first; a page of this step stays.
    showView(views.contains(shown) ? shown : views.value(0));
}

void MainWindow::followPage()
{
    if (m_applyingStep)
        return;
    QWidget* p = m_tabs->currentWidget();
    if (!p)
        return;
    if (!viewsOfStep(viewCatalog(), m_step).contains(p->property("viewName").toString()))
        m_step = static_cast<WorkflowStep>(p->property("viewStep").toInt());
    applyStep();
}

void MainWindow::applyStep()
{
    const QScopedValueRollback<bool> guard(m_applyingStep, true);
    const QStringList views = viewsOfStep(viewCatalog(), m_step);
    // The step's tabs first (QTabWidget moves the current page to a tab made visible while the current one
    // is hidden), then the others hidden: the page shown never jumps.
    for (int i = 0; i < m_tabs->count(); ++i)
        if (views.contains(m_tabs->widget(i)->property("viewName").toString()) && !m_tabs->isTabVisible(i))
            m_tabs->setTabVisible(i, true);
    for (int i = 0; i < m_tabs->count(); ++i)
        if (!views.contains(m_tabs->widget(i)->property("viewName").toString()) && i != m_tabs->currentIndex() &&
            m_tabs->isTabVisible(i))
            m_tabs->setTabVisible(i, false);
    m_tabs->tabBar()->setVisible(views.size() > 1);
    // Only the step's pages set the window's smallest size: a wide page of another step (Measures, Baskets)
    // would otherwise keep the window wider than a 1024 px screen on every step.
    for (int i = 0; i < m_tabs->count(); ++i) {
        QWidget* page = m_tabs->widget(i);
        if (!page->property("ownSizePolicy").isValid())
            page->setProperty("ownSizePolicy", QVariant::fromValue(page->sizePolicy()));
        const bool shown = views.contains(page->property("viewName").toString());
        page->setSizePolicy(shown ? page->property("ownSizePolicy").value<QSizePolicy>()
                                  : QSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored));
    }
    m_stepBar->setCurrentStep(m_step);
    // Roles and Protect work in a panel beside their page: raise it and mark it.
    auto* params = findChild<QDockWidget*>("parametersDock");
    auto* attrs = findChild<QDockWidget*>("attributesDock");
    setTablePanelsShown(m_step != WorkflowStep::Baskets);
    for (auto [dock, step] : {std::pair{attrs, WorkflowStep::Roles}, std::pair{params, WorkflowStep::Protect}}) {
        const bool mark = m_step == step;
        if (mark) {
            dock->show();
            dock->raise();
        }
        dock->setStyleSheet(mark ? "QDockWidget { color: white; } QDockWidget::title { background: #0072B2; }" : "");
    }
    updateStepLine();
}

void MainWindow::widenAttributes()
{
    // Wide enough for whole attribute names, but never more than 45% of the window: the page keeps the rest.
    auto* attrs = findChild<QDockWidget*>("attributesDock");
    if (!attrs || attrs->isHidden() || attrs->isFloating())
        return;
    const int wanted = std::min(m_attributes->wholeWidth() + attrs->width() - m_attributes->width(), width() * 45 / 100);
    if (attrs->width() < wanted)
        resizeDocks({attrs}, {wanted}, Qt::Horizontal);
}

void MainWindow::setTablePanelsShown(bool shown)
{
    if (shown == !m_panelsHiddenForBaskets)
        return;
    const QList<QDockWidget*> docks{findChild<QDockWidget*>("parametersDock"), findChild<QDockWidget*>("attributesDock")};
    if (!shown) {
        for (QDockWidget* d : docks) {
            m_panelsBeforeBaskets.insert(d, !d->isHidden());
            d->hide();
        }
    } else {
        for (QDockWidget* d : docks)
            d->setVisible(m_panelsBeforeBaskets.value(d, true));
    }
    m_panelsHiddenForBaskets = !shown;
}

void MainWindow::updateStepLine()
{
    for (WorkflowStep s : m_stepBar->steps())
        m_stepBar->setStatus(s, m_stepGuide->status(s));
    const StepStatus status = m_stepGuide->status(m_step);
    m_stepLine->setText(status.line);
    const QString look = status.ready ? "QLabel { background: palette(alternate-base); }"
                                      : "QLabel { background: #fdf0d5; color: #6b3d00; }";
    if (m_stepLine->styleSheet() != look) // not on every slider step: a new style sheet restyles the label
        m_stepLine->setStyleSheet(look);
}

void MainWindow::createActions()
{
    createFileActions();
    createEditActions();
    createAnalysisActions();
}

// Open, save, export, release and quit.
void MainWindow::createFileActions()
{
    m_openCsv = new QAction(QIcon(":/icons/open.svg"), tr("&Open Data\u2026"), this);
    m_openCsv->setShortcut(QKeySequence::Open);
    m_openCsv->setStatusTip(tr("Open one or more CSV files with the same header as one table, or one SPSS, Stata or SAS file"));
    connect(m_openCsv, &QAction::triggered, this, &MainWindow::actionOpenCsv);
    m_openSample = new QAction(tr("Open Adult Sa&mple"), this);
    connect(m_openSample, &QAction::triggered, this, [this]() {
        if (keepUnsavedWork(tr("opening the sample")))
            openCsv(bundledSample());
    });
    m_openBaskets = new QAction(tr("Open &Baskets (.dat)\u2026"), this);
    connect(m_openBaskets, &QAction::triggered, this, [this]() {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open Baskets"), QString(),
                                                          tr("Baskets, FIMI format (*.dat *.txt);;All files (*)"));
        if (!path.isEmpty())
            openBaskets(path);
    });
    m_openDatabase = new QAction(tr("Open &Database\u2026"), this);
    m_openDatabase->setStatusTip(tr("Open a table or query of a SQLite, PostgreSQL or ODBC database"));
    connect(m_openDatabase, &QAction::triggered, this, &MainWindow::actionOpenDatabase);
    m_openSession = new QAction(tr("Open Sess&ion\u2026"), this);
    m_openSession->setShortcut(QKeySequence("Ctrl+Shift+O"));
    connect(m_openSession, &QAction::triggered, this, &MainWindow::actionOpenSession);
    m_save = new QAction(QIcon(":/icons/save.svg"), tr("&Save Session"), this);
    m_save->setShortcut(QKeySequence::Save);
    connect(m_save, &QAction::triggered, this, &MainWindow::actionSave);
    m_saveAs = new QAction(tr("Save Session &As\u2026"), this);
    m_saveAs->setShortcut(QKeySequence::SaveAs);
    connect(m_saveAs, &QAction::triggered, this, &MainWindow::actionSaveAs);
    m_exportChart = new QAction(QIcon(":/icons/export.svg"), tr("&Export Chart\u2026"), this);
    m_exportChart->setShortcut(QKeySequence("Ctrl+E"));
    m_exportChart->setStatusTip(tr("Save the shown chart as PNG, SVG or PDF"));
    connect(m_exportChart, &QAction::triggered, this, &MainWindow::actionExportChart);
    m_copyChart = new QAction(tr("&Copy Chart"), this);
    m_copyChart->setShortcut(QKeySequence("Ctrl+Shift+C"));
    connect(m_copyChart, &QAction::triggered, this, &MainWindow::actionCopyChart);
    m_exportReport = new QAction(tr("Export Re&port\u2026"), this);
    m_exportReport->setShortcut(QKeySequence("Ctrl+Shift+E"));
    connect(m_exportReport, &QAction::triggered, this, &MainWindow::actionExportReport);
    m_release = new QAction(tr("Re&lease Randomized Table\u2026"), this);
    m_release->setShortcut(QKeySequence("Ctrl+Shift+R"));
    m_release->setStatusTip(tr("Review which columns leave randomized, in clear or not at all, then write the table "
                               "from the secure random generator with a release note"));
    connect(m_release, &QAction::triggered, this, &MainWindow::actionRelease);
    m_quit = new QAction(tr("&Quit"), this);
    m_quit->setShortcut(QKeySequence::Quit);
    connect(m_quit, &QAction::triggered, this, &QWidget::close);
}

// Undo, redo and reset.
void MainWindow::createEditActions()
{
    m_undo = m_state->undoStack()->createUndoAction(this, tr("&Undo"));
    m_undo->setIcon(QIcon(":/icons/undo.svg"));
    m_undo->setShortcut(QKeySequence::Undo);
    m_redo = m_state->undoStack()->createRedoAction(this, tr("&Redo"));
    m_redo->setIcon(QIcon(":/icons/redo.svg"));
    m_redo->setShortcuts({QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")});
    m_reset = new QAction(QIcon(":/icons/reset.svg"), tr("Reset &Parameters"), this);
    m_reset->setStatusTip(tr("Every p back to 1 (no randomization)"));
    connect(m_reset, &QAction::triggered, m_state, &AnalysisState::resetParameters);
}

// Optimize, resample, trade-off, compare, cancel and the three modes.
void MainWindow::createAnalysisActions()
{
    m_optimize = new QAction(QIcon(":/icons/optimize.svg"), tr("&Optimize"), this);
    m_optimize->setShortcut(QKeySequence("Ctrl+R"));
    m_optimize->setStatusTip(
        tr("Find p with the least utility loss whose max risk is at most \u03C4 for the current mode"));
    connect(m_optimize, &QAction::triggered, m_workspace, &Workspace::optimize);
    m_resample = new QAction(QIcon(":/icons/resample.svg"), tr("Re&sample"), this);
    m_resample->setShortcut(QKeySequence("F5"));
    connect(m_resample, &QAction::triggered, m_workspace, &Workspace::resample);
    m_tradeOffAction = new QAction(tr("Compute &Trade-off Curves"), this);
    m_tradeOffAction->setShortcut(QKeySequence("Ctrl+T"));
    connect(m_tradeOffAction, &QAction::triggered, this, [this]() {
        m_tabs->setCurrentWidget(m_tradeOff);
        m_workspace->computeTradeOff();
    });
    m_compareAction = new QAction(tr("&Compare with l-Diversity and Anatomy"), this);
    m_compareAction->setShortcut(QKeySequence("Ctrl+Shift+L"));
    m_compareAction->setStatusTip(tr("Release with l-diversity, t-closeness, anatomy and RR-QI at \u03C4 = 1/l and compare them"));
    connect(m_compareAction, &QAction::triggered, this, [this]() {
        m_tabs->setCurrentWidget(m_comparison);
        m_comparison->run();
    });
    m_cancel = new QAction(tr("C&ancel Computation"), this);
    m_cancel->setShortcut(QKeySequence(Qt::Key_Escape));
    auto* modes = new QActionGroup(this);
    for (RandomizationMode m : {RandomizationMode::QI, RandomizationMode::S, RandomizationMode::Both}) {
        QAction* a = modes->addAction(tr("Randomize %1").arg(style::modeName(m)));
        a->setCheckable(true);
        a->setData(static_cast<int>(m));
        connect(a, &QAction::triggered, this, [this, m]() { m_state->setMode(m); });
        m_modeActions << a;
    }
}

void MainWindow::createMenus()
{
    createFileMenu();

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_undo);
    edit->addAction(m_redo);
    edit->addSeparator();
    edit->addAction(m_reset);

    m_viewMenu = menuBar()->addMenu(tr("&View"));

    QMenu* analysis = menuBar()->addMenu(tr("&Analysis"));
    for (QAction* a : m_modeActions)
        analysis->addAction(a);
    analysis->addSeparator();
    analysis->addAction(m_optimize);
    analysis->addAction(m_resample);
    analysis->addAction(m_tradeOffAction);
    analysis->addAction(m_compareAction);
    analysis->addSeparator();
    analysis->addAction(m_cancel);

    createHelpMenu();
    createMainToolBar();
}

// File: open, recent, save, export, release, quit.
void MainWindow::createFileMenu()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_openCsv);
    file->addAction(m_openSample);
    file->addAction(m_openDatabase);
    file->addAction(m_openBaskets);
    file->addAction(m_openSession);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addSeparator();
    file->addAction(m_save);
    file->addAction(m_saveAs);
    file->addSeparator();
    file->addAction(m_exportChart);
    file->addAction(m_copyChart);
    file->addAction(m_exportReport);
    file->addSeparator();
    file->addAction(m_release);
    file->addSeparator();
    file->addAction(m_quit);
}

// Help: the guide, About RR Explorer, About Qt.
void MainWindow::createHelpMenu()
{
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* guide = help->addAction(tr("&Guide"), this, [this]() {
        auto* dialog = new GuideDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    guide->setShortcut(QKeySequence::HelpContents);
    guide->setObjectName("guideAction");
    help->addAction(tr("&About RR Explorer"), this, &MainWindow::actionAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

// The main toolbar (undo and redo as icons only).
void MainWindow::createMainToolBar()
{
    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName("mainToolBar");
    bar->setIconSize(QSize(20, 20));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(m_openCsv);
    bar->addAction(m_save);
    bar->addSeparator();
    bar->addAction(m_undo);
    bar->addAction(m_redo);
    bar->addAction(m_reset);
    bar->addSeparator();
    bar->addAction(m_optimize);
    bar->addAction(m_resample);
    bar->addSeparator();
    bar->addAction(m_exportChart);
    // Undo/redo texts name the step ("Undo p(education) = 0.8"): icons only, so the bar keeps its width.
    for (QAction* a : {m_undo, m_redo})
        if (auto* b = qobject_cast<QToolButton*>(bar->widgetForAction(a)))
            b->setToolButtonStyle(Qt::ToolButtonIconOnly);
}

void MainWindow::createDocks()
{
    m_parameters = new ParameterPanel(m_state, m_workspace);
    auto* params = new QDockWidget(tr("Parameters"), this);
    params->setObjectName("parametersDock");
    params->setWidget(m_parameters);
    addDockWidget(Qt::LeftDockWidgetArea, params);
    m_attributes = new AttributePanel(m_state);
    auto* attrs = new QDockWidget(tr("Attributes"), this);
    attrs->setObjectName("attributesDock");
    attrs->setWidget(m_attributes);
    addDockWidget(Qt::LeftDockWidgetArea, attrs);
    connect(m_attributes, &AttributePanel::binRequested, this, [this](const QString& a) { openBinDialog(a); });
    connect(m_attributes, &AttributePanel::renameRequested, this, &MainWindow::promptRename);
    connect(m_attributes, &AttributePanel::unbinRequested, this, [this](const QString& a) {
        std::vector<BinSpec> bins = m_workspace->bins();
        std::erase_if(bins, [&](const BinSpec& b) { return b.attribute == a.toStdString(); });
        // Unbinned, the attribute is not analysable again: it leaves its role.
        AnalysisSpec spec = m_state->spec();
        std::erase(spec.quasiIdentifiers, a.toStdString());
        if (spec.sensitive == a.toStdString())
            spec.sensitive.clear();
        if (!(spec == m_state->spec()))
            m_state->setSpec(spec);
        m_workspace->setBins(bins);
        m_state->undoStack()->resetClean(); // not an undo step, but unsaved until the session is saved
    });
    connect(m_parameters, &ParameterPanel::optimizeRequested, m_workspace, &Workspace::optimize);
    connect(m_parameters, &ParameterPanel::optimizeForChanged, m_workspace, &Workspace::setOptimizeFor);
    connect(m_modelLoss, &ModelLossView::modelChanged, this, &MainWindow::updateOptimizeChoices);
    connect(m_state, &AnalysisState::viewChanged, this, &MainWindow::updateOptimizeChoices);
    connect(m_workspace, &Workspace::analysisReady, this, &MainWindow::updateOptimizeChoices);
    connect(m_parameters, &ParameterPanel::retentionCorrected, this,
            [this](const QString& m) { m_info->showMessage(m.toHtmlEscaped(), InfoBar::Kind::Warning); });
}

BinDialog* MainWindow::openBinDialog(const QString& attribute)
{
    const auto raw = m_workspace->rawSource();
    if (!raw)
        return nullptr;
    const std::string name = attribute.toStdString();
    std::optional<BinSpec> current;
    for (const BinSpec& b : m_workspace->bins())
        if (b.attribute == name)
            current = b;
    auto* dialog = new BinDialog(raw->summary().attribute(name), current, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog, name] {
        const std::optional<BinSpec> spec = dialog->spec();
        if (!spec)
            return;
        std::vector<BinSpec> bins = m_workspace->bins();
        std::erase_if(bins, [&](const BinSpec& b) { return b.attribute == name; });
        bins.push_back(*spec);
        m_workspace->setBins(bins);
        m_state->undoStack()->resetClean(); // not an undo step, but unsaved until the session is saved
    });
    dialog->open();
    return dialog;
}

void MainWindow::promptRename(const QString& attribute)
{
    bool ok = false;
    const QString to = QInputDialog::getText(this, tr("Rename %1").arg(attribute), tr("New name of %1:").arg(attribute),
                                             QLineEdit::Normal, attribute, &ok);
    if (ok)
        renameAttribute(attribute, to.trimmed());
}

bool MainWindow::renameAttribute(const QString& from, const QString& to)
{
    try {
        m_workspace->renameAttribute(from.toStdString(), to.toStdString());
    } catch (const std::exception& e) {
        m_info->showMessage(tr("Cannot rename %1: %2").arg(from, errorText(e)).toHtmlEscaped(),
                            InfoBar::Kind::Error);
        return false;
    }
    return true;
}

void MainWindow::createStatusBar()
{
    m_rowsLabel = new ElidingLabel;
    m_cellsLabel = new ElidingLabel;
    m_riskLabel = new ElidingLabel;
    m_progress = new TaskProgress;
    for (BackgroundTask* t : m_workspace->tasks())
        m_progress->watch(t);
    connect(m_cancel, &QAction::triggered, m_progress, &TaskProgress::cancelCurrent);
    statusBar()->addWidget(m_rowsLabel);
    statusBar()->addWidget(m_cellsLabel);
    statusBar()->addWidget(m_riskLabel);
    statusBar()->addPermanentWidget(m_progress);
}

void MainWindow::wireWorkspace()
{
    connect(m_workspace, &Workspace::tableLoaded, this, [this]() {
        m_tableModel->setSource(m_workspace->source());
        m_attributes->setSource(m_workspace->source());
        QTimer::singleShot(0, this, &MainWindow::widenAttributes); // the new names laid out first
        for (const QString& p : m_state->dataPaths())
            if ((!p.startsWith(bundledDataDir()) || bundledDataDir().isEmpty()) && !databaseFrom(m_state->dataPaths()))
                addRecent(p);
        // The bundled sample comes with its ARX hierarchies; other data keeps a folder the user
        // chose, but not the sample's (its hierarchies would not fit).
        const QString sampleHierarchies = bundledHierarchyDir();
        if (isBundledSample(m_state->dataPaths()))
            m_comparison->setHierarchyFolder(sampleHierarchies);
        else if (!sampleHierarchies.isEmpty() && m_comparison->hierarchyFolder() == sampleHierarchies)
            m_comparison->setHierarchyFolder(QString());
        updateTitle();
        updateStatus();
    });
    connect(m_workspace, &Workspace::analysisReady, this, [this]() {
        const auto a = m_workspace->analysis();
        if (m_previewToggle->isChecked())
            updateDataPreview();
        else
            m_tableModel->setCheckedColumns(checkedColumns(*m_workspace->source(), a->spec));
        m_attributes->setAnalysis(a);
        m_tableModel->setRoles(a->spec);
        updateComparisonInput();
        if (m_announceRoles) { // roles chosen by the program, not by the user: say so once
            announceRoles(a->spec);
        }
        if (m_showSessionView) { // a session names the page it was saved on
            m_showSessionView = false;
            showView(QString::fromStdString(m_state->view().currentView));
        }
        updateStatus();
    });
    connect(m_workspace, &Workspace::analysisCleared, this, [this]() {
        m_attributes->setAnalysis(nullptr);
        updateComparisonInput();
        updateStatus();
    });
    connect(m_workspace, &Workspace::liveUpdated, this, [this]() { updateStatus(); });
    connect(m_workspace, &Workspace::errorOccurred, this,
            [this](const QString& m) { m_info->showMessage(m.toHtmlEscaped(), InfoBar::Kind::Error); });
    connect(m_workspace, &Workspace::optimizationFinished, this, &MainWindow::onOptimizationFinished);
    for (auto warning : {&Workspace::savedResultDropped, &Workspace::warningIssued})
        connect(m_workspace, warning, this,
                [this](const QString& m) { m_info->showMessage(m.toHtmlEscaped(), InfoBar::Kind::Warning); });
    connect(m_workspace, &Workspace::savedComparisonRestored, m_comparison, &ComparisonView::restoreResult);
    wireModeActions();
    wireTabs();
}

// Roles chosen by the program, not by the user: said once, with what to check and what to do next.
void MainWindow::announceRoles(const AnalysisSpec& spec)
{
    m_announceRoles = false;
    QStringList qi;
    for (const std::string& q : spec.quasiIdentifiers)
        qi << QString::fromStdString(q);
    QString text =
        tr("Roles were assigned automatically: quasi-identifiers %1; sensitive %2. Change "
           "them in the Attributes panel.")
            .arg(qi.join(", ").toHtmlEscaped(), QString::fromStdString(spec.sensitive).toHtmlEscaped());
    // Only a name that says so or the published roles choose S; else it is a guess to check.
    if (m_workspace->defaultRolesReason() == SensitiveReason::Guessed)
        text += tr(" <b>The sensitive attribute is a guess</b> (the last column with at most %1 values): "
                   "check it before you trust the risks.")
                    .arg(kMaxDefaultSensitiveValues);
    // A file without a header row (COIL) has numbered columns: say how to name them (issue 20, bug 13).
    const CsvOptions& csv = m_workspace->csvOptions();
    if (!csv.hasHeader && csv.columnNames.empty() && !databaseFrom(m_state->dataPaths()))
        text += tr(" The file has no header row, so its columns are numbered: name them from a names file "
                   "or data dictionary (File \u203A Open Data\u2026, Column names from file) or one by one "
                   "(right-click an attribute \u203A Rename).");
    QSettings settings;
    if (!settings.value("guide/hintShown").toBool()) { // first start: what to do next
        settings.setValue("guide/hintShown", true);
        text += tr(" <b>Next:</b> set p with the sliders in Parameters, or press Optimize to find the p "
                   "whose largest risk is at most \u03C4 = 1/l; Help \u203A Guide explains the numbers.");
    }
    m_info->showMessage(text, InfoBar::Kind::Info);
    m_info->setTopic(rolesTopic(spec));
}

// The menu's mode follows the state like the panel does, also after a file or session was opened
// (the state is restored with its signals blocked; the panel rebuilds on analysisReady).
void MainWindow::wireModeActions()
{
    auto syncModeActions = [this]() {
        for (QAction* a : m_modeActions)
            a->setChecked(a->data().toInt() == static_cast<int>(m_state->mode()));
    };
    connect(m_state, &AnalysisState::parametersChanged, this, [this, syncModeActions]() {
        m_info->dismissStale("optimization", optimizationTopic(*m_state));
        if (m_previewToggle->isChecked())
            updateDataPreview();
        syncModeActions();
    });
    connect(m_workspace, &Workspace::analysisReady, this, syncModeActions);
    connect(m_state, &AnalysisState::specChanged, this,
            [this]() { m_info->dismissStale("roles", rolesTopic(m_state->spec())); });
    // A click on the risk surface never changes the mode; when it could not set a p, the strip says so
    // and offers RR-Both.
    connect(m_surface, &SurfaceView::pickOutsideMode, this, [this](const QString& text, double px, double py) {
        m_info->showMessage(text.toHtmlEscaped(), InfoBar::Kind::Info);
        m_info->addAction(tr("Switch to RR-Both and set both p"),
                          [this, px, py]() { m_surface->pickInMode(px, py, RandomizationMode::Both); });
    });
    connect(m_workspace, &Workspace::analysisCleared, this, syncModeActions);
    connect(m_state->undoStack(), &QUndoStack::cleanChanged, this, [this]() { updateTitle(); });
}

// The shown tab: the surface computed only while shown, the chart actions, the page remembered.
void MainWindow::wireTabs()
{
    m_workspace->setSurfaceShown(false);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int i) {
        m_workspace->setSurfaceShown(m_tabs->widget(i) == m_surface);
        m_exportChart->setEnabled(currentChart() != nullptr);
        m_copyChart->setEnabled(currentChart() != nullptr);
        const QString name = m_tabs->widget(i) ? m_tabs->widget(i)->property("viewName").toString() : QString();
        if (!name.isEmpty() && name != "baskets") { // the table session's page; baskets keep their own
            ViewChoices v = m_state->view();
            v.currentView = name.toStdString();
            QSignalBlocker block(m_state); // remembering the page is not a change of any view
            m_state->setView(v);
        }
    });
}

void MainWindow::updateComparisonInput()
{
    // The loaded table and the analysis's roles and missing-value policy: the comparison selects
    // the same records as every other view, in its own worker. Unchanged input keeps its results.
    const auto a = m_workspace->analysis();
    m_comparison->setInput(a ? m_workspace->source() : nullptr, a ? a->spec : AnalysisSpec{});
}

void MainWindow::updateStatus()
{
    const auto source = m_workspace->source();
    const auto a = m_workspace->analysis();
    if (!source) {
        m_rowsLabel->setFullText(tr("No table open"));
        m_cellsLabel->setFullText({});
        m_riskLabel->setFullText({});
        return;
    }
    // Where the records come from (a file, a database table) first: the title bar may not be in view.
    const QString where = fontMetrics().elidedText(QString::fromStdString(source->description()), Qt::ElideMiddle,
                                                   fontMetrics().horizontalAdvance(QString(48, 'x')));
    if (a)
        m_rowsLabel->setFullText(tr("%1 \u00B7 rows %2 \u00B7 dropped %3 \u00B7 analysed %4")
                                 .arg(where, style::count(static_cast<double>(a->loadedRows)),
                                      style::count(static_cast<double>(a->droppedRows)), style::count(a->records)));
    else
        m_rowsLabel->setFullText(
            tr("%1 \u00B7 rows %2").arg(where, style::count(static_cast<double>(source->summary().rows))));
    m_cellsLabel->setFullText(a ? tr("Cells D = %1").arg(style::count(static_cast<double>(a->joint.cellCount())))
                            : QString());
    const auto live = m_workspace->lastLive();
    if (a && live) {
        const bool ok = meetsThreshold(live->maxRisk, m_state->tau());
        m_riskLabel->setFullText(tr("Max risk %1 %2 \u03C4 = %3")
                                 .arg(live->maxRisk, 0, 'f', 4)
                                 .arg(ok ? "\u2264" : ">")
                                 .arg(m_state->tau(), 0, 'f', 3));
        m_riskLabel->setStyleSheet(ok ? "color:#1a7f37;" : "color:#b03a00; font-weight:bold;");
    } else {
        m_riskLabel->setFullText({});
    }
    // Squeezed by a task's progress, a label ends in "…": the whole line stays in the tooltips.
    m_rowsLabel->setToolTip(QString::fromStdString(source->description()) + "\n" + m_rowsLabel->fullText());
    m_cellsLabel->setToolTip(m_cellsLabel->fullText());
    m_riskLabel->setToolTip(m_riskLabel->fullText());
}

void MainWindow::updateTitle()
{
    QStringList names;
    if (const auto db = databaseFrom(m_state->dataPaths()))
        names << (db->query.isEmpty() ? db->table : tr("query")) + " @ " + db->url;
    else
        for (const QString& p : m_state->dataPaths())
            names << QFileInfo(p).fileName();
    // The modified mark [*] before the application name: the platform appends the name again to a title
    // that does not end with it ("adult.csv \u2014 RR Explorer* \u2014 RR Explorer").
    QString what = names.join(" + ");
    if (!m_sessionPath.isEmpty())
        what = QFileInfo(m_sessionPath).fileName() + " (" + what + ")";
    setWindowTitle(what.isEmpty() ? QStringLiteral("[*]RR Explorer") : what + QStringLiteral("[*] \u2014 RR Explorer"));
    setWindowModified(!m_state->undoStack()->isClean());
}

void MainWindow::openBaskets(const QString& path)
{
    m_tabs->setCurrentWidget(m_baskets);
    m_baskets->openBaskets(path);
}

void MainWindow::openInitial(const QStringList& given)
{
    QStringList files;
    for (const QString& f : given) // baskets open in their own workspace, beside the table
        if (f.endsWith(".dat", Qt::CaseInsensitive))
            openBaskets(f);
        else
            files << f;
    if (files.size() == 1 && files.front().endsWith(".json", Qt::CaseInsensitive)) {
        openSession(files.front());
        return;
    }
    if (!files.isEmpty()) {
        openCsv(files);
        return;
    }
    const QStringList sample = bundledSample();
    if (sample.isEmpty()) {
        m_info->showMessage(tr("The bundled Adult sample was not found next to the program. Open a CSV file "
                               "with File \u25B8 Open Data (Ctrl+O)."),
                            InfoBar::Kind::Warning);
        return;
    }
    openCsv(sample);
}

void MainWindow::openCsv(const QStringList& paths)
{
    if (paths.isEmpty())
        return;
    CsvOptions options;
    try {
        options = guessCsvOptions(paths.front().toStdString());
    } catch (const std::exception&) {
        // opening reports the problem with the file and record
    }
    openCsvWith(paths, options);
}

void MainWindow::openCsvWith(const QStringList& paths, const CsvOptions& options)
{
    if (paths.isEmpty())
        return;
    m_sessionPath.clear();
    m_info->hide();
    m_announceRoles = true;
    m_workspace->openCsv(paths, options);
}

void MainWindow::openDatabase(const DatabaseChoice& choice, const sql::Credentials& login)
{
    m_sessionPath.clear();
    m_info->hide();
    m_workspace->openDatabase(choice, login);
}

void MainWindow::actionOpenDatabase()
{
    if (!keepUnsavedWork(tr("opening a database")))
        return;
    OpenDatabaseDialog dialog(this);
    QSettings settings;
    DatabaseChoice last;
    last.url = settings.value("database/url").toString(); // never with a password
    last.table = settings.value("database/table").toString();
    last.query = settings.value("database/query").toString();
    if (const auto db = databaseFrom(m_state->dataPaths()))
        last = *db;
    dialog.setChoice(last);
    if (dialog.exec() != QDialog::Accepted)
        return;
    DatabaseChoice chosen = dialog.choice();
    attempt(tr("Could not open the database: %1"), [&]() {
        const sql::SqlLocation where =
            sql::parseSqlLocation(chosen.url.toStdString(), chosen.table.toStdString(), chosen.query.toStdString());
        sql::Credentials login = dialog.credentials();
        if (login.password.empty())
            login.password = where.credentials.password; // typed into the URL: used, never kept
        chosen.url = QString::fromStdString(where.url());
        settings.setValue("database/url", chosen.url);
        settings.setValue("database/table", chosen.table);
        settings.setValue("database/query", chosen.query);
        openDatabase(chosen, login);
    });
}

bool MainWindow::attempt(const QString& failure, const std::function<void()>& action)
{
    try {
        action();
        return true;
    } catch (const std::exception& e) {
        const QString what = errorText(e).toHtmlEscaped();
        m_info->showMessage(failure.isEmpty() ? what : failure.arg(what), InfoBar::Kind::Error);
        return false;
    }
}

bool MainWindow::openSession(const QString& path)
{
    SessionData session;
    if (!attempt(tr("Could not open the session: %1"), [&] { session = readSessionFile(path); }))
        return false;
    // A session file may come from anyone: its database and query are shown before anything connects.
    if (const auto db = databaseFrom(sessionDataPaths(session)); db && !confirmSessionDatabase(path, *db))
        return false;
    if (!attempt(tr("Could not open the session: %1"), [&] { m_workspace->applySession(session); }))
        return false;
    m_sessionPath = path;
    m_showSessionView = true;
    m_announceRoles = false; // the session names its roles
    m_info->hide();
    addRecent(path);
    updateTitle();
    return true;
}

bool MainWindow::confirmSessionDatabase(const QString& path, const DatabaseChoice& db)
{
    const QString url = QString::fromStdString(sql::scrubSecrets(db.url.toStdString())); // a hand-edited file
    QMessageBox box(QMessageBox::Question, tr("Connect to the session's database?"),
                    tr("The session %1 reads its data from a database. Connect and run this, read only?")
                        .arg(QFileInfo(path).fileName()),
                    QMessageBox::Yes | QMessageBox::No, this);
    box.setObjectName("sessionDatabaseConfirmation");
    box.setInformativeText(db.query.isEmpty() ? tr("Database: %1\nTable: %2").arg(url, db.table)
                                              : tr("Database: %1\nQuery:\n%2").arg(url, db.query));
    box.setDefaultButton(QMessageBox::No);
    if (box.exec() == QMessageBox::Yes)
        return true;
    m_info->showMessage(tr("The session was not opened: its database was not confirmed."), InfoBar::Kind::Info);
    return false;
}

bool MainWindow::saveSession(const QString& path)
{
    const auto save = [&] {
        SessionData s = m_workspace->captureSession();
        if (const auto a = m_workspace->analysis()) // the comparison's input is the analysis's records and roles
            s.comparison = m_comparison->savedResult(inputsOf(*a));
        writeSessionFile(s, path);
    };
    if (!attempt(tr("Could not save the session: %1"), save))
        return false;
    m_sessionPath = path;
    m_state->undoStack()->setClean();
    addRecent(path);
    updateTitle();
    m_info->showMessage(tr("Session saved to %1").arg(path.toHtmlEscaped()), InfoBar::Kind::Success);
    return true;
}

bool MainWindow::exportCurrentChart(const QString& path, int dpi)
{
    if (!attempt(tr("Could not export the chart: %1"), [&] { exportChart(currentChart(), path, dpi); }))
        return false;
    m_info->showMessage(tr("Chart exported to %1").arg(path.toHtmlEscaped()), InfoBar::Kind::Success);
    return true;
}

void MainWindow::updateOptimizeChoices()
{
    const auto a = m_workspace->analysis();
    QStringList labels, analyses;
    if (a) {
        QStringList cells;
        for (int axis : resolveView(*a, m_state->view()).distributionAxes)
            cells << QString::fromStdString(a->names[static_cast<std::size_t>(axis)]);
        labels << tr("the cells of %1").arg(cells.join(" \u00D7 "));
        analyses << "cells:" + cells.join(',');
    }
    if (const auto model = m_modelLoss->model(); a && model) {
        QStringList predictors;
        for (const auto& p : model->predictors)
            predictors << QString::fromStdString(p);
        labels << tr("the model of %1 = %2 by %3")
                      .arg(QString::fromStdString(model->outcome), QString::fromStdString(model->positive),
                           predictors.join(", "));
        analyses << m_modelLoss->analysisText();
    }
    m_parameters->setAnalyses(labels, analyses);
}

void MainWindow::showAnalysisOptimum(const OptimizationResult& r)
{
    const auto& o = *m_workspace->lastAnalysisOptimum();
    m_info->showMessage(
        tr("<b>Optimized for this analysis</b> (%1): max risk %2 \u2264 \u03C4 = %3. At these p the analysis' "
           "variance is <b>%4</b> and the utility loss \u220F\u2016P\u1D62\u207B\u00B9\u2016\u00B2_F %5; at the "
           "least-utility-loss p they would be <b>%6</b> and %7. The sliders moved to the optimum; Ctrl+Z undoes it.")
            .arg(withoutCitations(o.description).toHtmlEscaped())
            .arg(r.maxRisk, 0, 'f', 4)
            .arg(r.tau, 0, 'f', 4)
            .arg(o.optima.forAnalysis.analysisObjective, 0, 'g', 4)
            .arg(o.optima.forAnalysis.objective, 0, 'g', 5)
            .arg(o.optima.classicAnalysisObjective, 0, 'g', 4)
            .arg(o.optima.classic.objective, 0, 'g', 5),
        InfoBar::Kind::Success);
}

void MainWindow::onOptimizationFinished(const OptimizationResult& r, RandomizationMode mode)
{
    const QString modeName = style::modeName(mode);
    const double l = 1.0 / r.tau;
    if (r.feasible && m_workspace->lastAnalysisOptimum()) {
        showAnalysisOptimum(r);
        return;
    }
    if (r.feasible) {
        QString reid;
        if (r.reidentification) // the second bound: whether it, not tau, set p
            reid = r.reidentificationBinding
                       ? tr(" The re-identification bound set p: the largest re-identification risk is %1.")
                             .arg(r.reidentification->max, 0, 'f', 3)
                       : tr(" The largest re-identification risk, %1, is within its bound.")
                             .arg(r.reidentification->max, 0, 'f', 3);
        m_info->showMessage(tr("<b>%1 optimized for l = %2</b>: max risk %3 \u2264 \u03C4 = %4, objective "
                               "\u220F\u2016P\u1D62\u207B\u00B9\u2016\u00B2_F = %5 (%6 risk evaluations).%7 "
                               "The sliders moved to the optimum; Ctrl+Z undoes it.")
                                .arg(modeName)
                                .arg(l, 0, 'g', 4)
                                .arg(r.maxRisk, 0, 'f', 4)
                                .arg(r.tau, 0, 'f', 4)
                                .arg(r.objective, 0, 'g', 5)
                                .arg(r.evaluations)
                                .arg(reid),
                            InfoBar::Kind::Success);
        m_info->setTopic(optimizationTopic(*m_state));
        return;
    }
    QString text =
        tr("<b>%1 cannot reach l = %2 (\u03C4 = %3).</b> ").arg(modeName).arg(l, 0, 'g', 4).arg(r.tau, 0, 'f', 4);
    if (!r.reason.empty()) // the optimizer explains why, with the records that block it; the papers' references
        text += withoutCitations(QString::fromStdString(r.reason)).toHtmlEscaped(); // in the tooltip
    else
        text += tr("Lowest max risk any p in %1 reaches: <b>%2</b>; <b>%3 records</b> in %4 QI+S combinations stay "
                   "above \u03C4 for every p.")
                    .arg(modeName)
                    .arg(r.lowestMaxRisk, 0, 'f', 4)
                    .arg(style::count(r.blockingRecords))
                    .arg(r.blockingCells);
    if (!r.explanation.empty()) // which groups block it, what each mode reaches, the remedies (issue 46)
        text += ' ' + QString::fromStdString(r.explanation).toHtmlEscaped();
    m_info->showMessage(text, InfoBar::Kind::Warning, QString::fromStdString(r.reason));
    m_info->setTopic(optimizationTopic(*m_state));
    // offered only when RR-Both is not the mode and does reach the target
    if (mode != RandomizationMode::Both && (r.bothMeetsTarget || r.explanation.empty()))
        m_info->addAction(tr("Switch to RR-Both and optimize"), [this]() { m_workspace->optimizeBoth(); });
}

void MainWindow::addRecent(const QString& path)
{
    QSettings settings;
    QStringList recent = settings.value("recentFiles").toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    settings.setValue("recentFiles", recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList recent = QSettings().value("recentFiles").toStringList();
    for (const QString& path : recent) {
        QAction* a = m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path]() {
            if (path.endsWith(".json", Qt::CaseInsensitive))
                openSession(path);
            else
                openCsv({path});
        });
        a->setToolTip(path);
        a->setEnabled(QFileInfo::exists(path));
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

bool MainWindow::keepUnsavedWork(const QString& before)
{
    if (m_state->undoStack()->isClean() || !isVisible() || qEnvironmentVariableIsSet("RR_NO_CLOSE_PROMPT"))
        return true;
    const auto answer = QMessageBox::question(
        this, tr("Unsaved changes"),
        tr("The roles and parameters you changed are not saved in a session. Save them before %1?").arg(before),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel)
        return false;
    return answer == QMessageBox::Discard || actionSave();
}

void MainWindow::actionOpenCsv()
{
    if (!keepUnsavedWork(tr("opening another file")))
        return;
    const QStringList paths =
        QFileDialog::getOpenFileNames(this, tr("Open data (several CSV files with one header form one table)"), QString(),
                                      tr("Data files (*.csv *.txt *.tsv *.sav *.zsav *.por *.dta *.sas7bdat *.xpt);;"
                                         "CSV files (*.csv *.txt *.tsv);;"
                                         "SPSS, Stata and SAS files (*.sav *.zsav *.por *.dta *.sas7bdat *.xpt);;"
                                         "All files (*)"));
    if (paths.isEmpty())
        return;
    if (statFormatOfPath(paths.front().toStdString())) { // declares its own variables: no CSV import options
        openCsvWith(paths, CsvOptions{});
        return;
    }
    ImportDialog dialog(paths, this);
    if (dialog.exec() == QDialog::Accepted)
        openCsvWith(paths, dialog.options());
}

void MainWindow::actionOpenSession()
{
    if (!keepUnsavedWork(tr("opening a session")))
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Session"), lastFolder("session"),
                                                      tr("RR Explorer sessions (*.json)"));
    rememberFolder("session", path);
    if (!path.isEmpty())
        openSession(path);
}

bool MainWindow::actionSave()
{
    return m_sessionPath.isEmpty() ? actionSaveAs() : saveSession(m_sessionPath);
}

bool MainWindow::actionSaveAs()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Save Session"),
                                                m_sessionPath.isEmpty() ? lastFolder("session") : m_sessionPath,
                                                tr("RR Explorer sessions (*.json)"));
    if (path.isEmpty())
        return false;
    rememberFolder("session", path);
    if (!path.endsWith(".json", Qt::CaseInsensitive))
        path += ".json";
    return saveSession(path);
}

void MainWindow::actionExportChart()
{
    ChartView* chart = currentChart();
    if (!chart)
        return;
    QString filter;
    QString path =
        QFileDialog::getSaveFileName(this, tr("Export Chart"), startPath("chart", chart->chartName() + ".png"),
                                     tr("PNG image (*.png);;SVG vector image (*.svg);;PDF document (*.pdf)"), &filter);
    if (path.isEmpty())
        return;
    rememberFolder("chart", path);
    if (exportFormatOf(path).isEmpty())
        path += filter.contains("svg") ? ".svg" : filter.contains("pdf") ? ".pdf" : ".png";
    int dpi = 192;
    if (exportFormatOf(path) == "png") {
        bool ok = false;
        dpi = QInputDialog::getInt(this, tr("PNG resolution"), tr("Dots per inch (96 = screen size):"), 192, 48, 1200,
                                   24, &ok);
        if (!ok)
            return;
    }
    exportCurrentChart(path, dpi);
}

void MainWindow::actionCopyChart()
{
    if (attempt(tr("Could not copy the chart: %1"), [&] { copyChartToClipboard(currentChart()); }))
        m_info->showMessage(tr("Chart copied to the clipboard."), InfoBar::Kind::Success);
}

void MainWindow::actionExportReport()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Report"), startPath("report", "report.pdf"),
                                                      tr("PDF document (*.pdf);;HTML page (*.html)"));
    if (path.isEmpty())
        return;
    rememberFolder("report", path);
    // The report shows the current surface even when its page is hidden: bring it up to date, and write
    // once every result is current (no nested event loop).
    m_workspace->setSurfaceShown(true);
    for (AnalysisView* v : m_views) // hidden pages draw the frame of now (a hidden Measures page starts its task)
        v->catchUp();
    m_info->showMessage(tr("Preparing the report\u2026"), InfoBar::Kind::Info);
    m_workspace->whenIdle([this, path]() {
        m_workspace->setSurfaceShown(m_tabs->currentWidget() == m_surface);
        writeReport(path);
    });
}

void MainWindow::writeReport(const QString& path)
{
    QList<ChartView*> charts;
    for (AnalysisView* v : m_views) {
        v->catchUp();
        charts << v->chartView();
    }
    charts << view<RiskView>("risk")->reidentificationPanel()->chart(); // the Risk view's second chart
    if (m_measures->chartView() != m_measures->sweepChart()) // the Measures view has two charts: both go in
        charts << m_measures->sweepChart();
    for (ChartView* c : {static_cast<ChartView*>(m_comparison->barChart()),
                         static_cast<ChartView*>(m_comparison->heatMap())}) // the comparison's two charts too
        if (!charts.contains(c))
            charts << c;
    const QStringList sections{m_measures->reportSection(), m_rules->reportSection()};
    if (attempt(tr("Could not write the report: %1"),
                [&] { exportReport(path, *m_workspace, charts, sections, m_comparison->result()); }))
        m_info->showMessage(tr("Report written to %1").arg(path.toHtmlEscaped()), InfoBar::Kind::Success);
}

QWidget* MainWindow::createDataPage()
{
    m_dataPreview = new DataPreview(this);
    auto* toggle = new QCheckBox(tr("Randomized preview"));
    toggle->setObjectName("dataPreviewToggle");
    toggle->setToolTip(tr("Show the table as File > Release would write it at the current p, drawn from a fixed "
                          "seed: a preview, not for release"));
    m_previewToggle = toggle;
    m_previewNote = new QLabel;
    m_previewNote->setObjectName("dataPreviewNote");
    m_previewNote->setWordWrap(true);
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 2);
    bar->addWidget(toggle);
    bar->addWidget(m_previewNote, 1);
    m_dataPage = new QWidget;
    auto* layout = new QVBoxLayout(m_dataPage);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(new RowWindowBar(m_tableModel, m_dataPage));
    layout->addWidget(m_dataView, 1);
    connect(toggle, &QCheckBox::toggled, this, &MainWindow::updateDataPreview);
    connect(m_dataPreview, &DataPreview::ready, this,
            [this](std::shared_ptr<const Table> table, qulonglong changed, const QString& randomized,
                   qulonglong released) {
                if (!m_previewToggle->isChecked())
                    return;
                const qulonglong shown = table->rowCount();
                m_tableModel->setTable(std::move(table));
                const QString which =
                    shown >= released
                        ? tr("the released table")
                        : tr("the first %1 of the %2 released records (in source order; a release is written in "
                             "random order)")
                              .arg(style::count(double(shown)), style::count(double(released)));
                m_previewNote->setText(
                    tr("<span style='color:#b03a00'><b>PREVIEW, not for release:</b></span> %1 as drawn from seed "
                       "%2 at the current p (randomized: %3; %4 values changed). File \u203A Release draws from "
                       "the secure generator.")
                        .arg(which)
                        .arg(kPreviewSeed)
                        .arg(randomized.isEmpty() ? tr("no column") : randomized.toHtmlEscaped())
                        .arg(style::count(double(changed))));
            });
    connect(m_dataPreview, &DataPreview::failed, this, [this](const QString& m) {
        m_previewNote->setText(tr("<span style='color:#b03a00'>No preview: %1</span>").arg(m.toHtmlEscaped()));
    });
    return m_dataPage;
}

QAbstractButton* MainWindow::dataPreviewToggle() const
{
    return m_previewToggle;
}

void MainWindow::updateDataPreview()
{
    const auto source = m_workspace->source();
    const auto a = m_workspace->analysis();
    if (!m_previewToggle->isChecked()) {
        m_dataPreview->cancel();
        m_previewNote->clear();
        m_tableModel->setSource(source);
        if (source && a)
            m_tableModel->setCheckedColumns(checkedColumns(*source, a->spec));
        return;
    }
    if (!source || !a) {
        m_previewNote->setText(tr("The preview needs an analysis (set the roles)."));
        return;
    }
    std::vector<std::string> columns;
    for (const AttributeSummary& s : source->summary().attributes)
        columns.push_back(s.name);
    m_previewNote->setText(tr("Drawing the preview\u2026"));
    const auto several = m_workspace->several();
    m_dataPreview->request(source, a,
                           defaultReleaseChoice(*a, columns, m_state->mode(), m_state->retentions(), m_state->tau(),
                                                several.get()),
                           kPreviewSeed, several);
}

ReleaseDialog* MainWindow::createReleaseDialog()
{
    const auto source = m_workspace->source();
    const auto a = m_workspace->analysis();
    if (!source || !a) {
        m_info->showMessage(tr("Open a table and set the roles before releasing."), InfoBar::Kind::Warning);
        return nullptr;
    }
    std::vector<std::string> columns;
    for (const AttributeSummary& s : source->summary().attributes)
        columns.push_back(s.name);
    const auto several = m_workspace->several();
    const ReleaseChoice choice =
        defaultReleaseChoice(*a, columns, m_state->mode(), m_state->retentions(), m_state->tau(), several.get());
    auto* dialog = new ReleaseDialog(source, a, choice, m_state->dataPaths(), this, several);
    connect(dialog, &ReleaseDialog::released, this, [this](const QString& path) {
        m_info->showMessage(tr("Randomized table released to %1 with its release note.").arg(path.toHtmlEscaped()),
                            InfoBar::Kind::Success);
    });
    return dialog;
}

void MainWindow::actionRelease()
{
    // The summary needs the current analysis: wait for it without blocking.
    m_workspace->whenIdle([this]() {
        if (ReleaseDialog* dialog = createReleaseDialog()) {
            dialog->setAttribute(Qt::WA_DeleteOnClose);
            dialog->open();
        }
    });
}

void MainWindow::actionAbout()
{
    QMessageBox::about(
        this, tr("About RR Explorer"),
        tr("<h3>RR Explorer %1</h3><p>Randomized response on categorical microdata: see what attackers can "
           "still infer (attribute disclosure, Pr(S|QI)) and what analysts lose (reconstruction error), "
           "and let the optimizer find retention probabilities for a target l.</p>"
           "<p>Formulas follow the dissertation's Chapter 5 (eq. 5.1\u2013" "5.18). Sample data: UCI Adult "
           "(CC BY 4.0).</p>")
            .arg(QApplication::applicationVersion()));
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!keepUnsavedWork(tr("quitting"))) {
        event->ignore();
        return;
    }
    setTablePanelsShown(true); // the panels' own visibility, not the Baskets workspace's
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState());
    for (BackgroundTask* t : m_workspace->tasks())
        t->cancel();
    m_comparison->cancel();
    m_measures->task()->cancel();
    m_rules->task()->cancel();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    if (!keepUnsavedWork(tr("opening the dropped file")))
        return;
    QStringList csv;
    for (const QUrl& url : event->mimeData()->urls()) {
        const QString path = url.toLocalFile();
        if (path.endsWith(".json", Qt::CaseInsensitive)) {
            openSession(path);
            return;
        }
        if (!path.isEmpty())
            csv << path;
    }
    openCsv(csv);
    event->acceptProposedAction();
}

} // namespace rr::ui
