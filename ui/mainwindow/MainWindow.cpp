#include "ui/mainwindow/MainWindow.h"

#include "core/data/CsvPreview.h"
#include "ui/baskets/BasketsView.h"
#include "ui/mainwindow/ActionAttempt.h"
#include "ui/tasks/BackgroundTask.h"
#include "ui/document/Workspace.h"
#include "ui/mainwindow/AnalysisMessages.h"
#include "ui/mainwindow/AttributeEditing.h"
#include "ui/mainwindow/ExportActions.h"
#include "ui/mainwindow/InfoBar.h"
#include "ui/mainwindow/LoginPrompt.h"
#include "ui/mainwindow/OpenDialogs.h"
#include "ui/mainwindow/PageTabs.h"
#include "ui/mainwindow/RecentFiles.h"
#include "ui/mainwindow/ReleaseStarter.h"
#include "ui/mainwindow/SessionFiles.h"
#include "ui/mainwindow/StatusSummary.h"
#include "ui/mainwindow/StepBar.h"
#include "ui/mainwindow/StepGuide.h"
#include "ui/mainwindow/TablePanels.h"
#include "ui/mainwindow/TaskProgress.h"
#include "ui/mainwindow/WindowGeometry.h"
#include "ui/mainwindow/WindowMenus.h"
#include "ui/mainwindow/WindowTitle.h"
#include "ui/panels/AttributePanel.h"
#include "ui/panels/ParameterPanel.h"
#include "ui/session/AnalysisState.h"
#include "ui/import/BundledData.h"
#include "ui/views/Page.h"

#include <QAction>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QScopedValueRollback>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>

// Resources of a static library must be registered explicitly (outside any namespace).
static void initRrResources()
{
    Q_INIT_RESOURCE(resources);
}

namespace rr::ui {

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
    m_requests = new PageRequests(this);
    m_actions = createWindowActions(this, *m_state);

    createCentral();
    createHelpers();
    createPages();
    createDocks();
    createMenus();
    createStatusBar();
    wireFileActions();
    wireAnalysisActions();
    wireWorkspace();
    createStepBar();
    applyStep();
    restoreWindow();
    updateTitle();
    updateStatus();
}

// The tab bar lists the views of the current step only (the step bar chooses the step).
void MainWindow::createCentral()
{
    m_tabs = new QTabWidget;
    m_tabs->setDocumentMode(true);
    m_tabs->setAccessibleName(tr("Views of this step"));
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

// What the window's actions do beyond wiring: exports, session files, the release dialog, attribute edits and
// the info bar's messages about the analysis.
void MainWindow::createHelpers()
{
    m_export = new ExportActions(this, *m_workspace, *m_tabs, *m_info);
    m_sessions = new SessionFiles(this, *m_workspace, *m_tabs, *m_info);
    m_release = new ReleaseStarter(this, *m_state, *m_workspace, *m_info);
    m_attributeEditing = new AttributeEditing(this, *m_state, *m_workspace, *m_info);
    m_messages = new AnalysisMessages(*m_state, *m_workspace, *m_info, this);
    connect(m_requests, &PageRequests::releaseRequested, m_release, &ReleaseStarter::start);
}

// Every page of the catalog, in its order, built by its descriptor's factory.
void MainWindow::createPages()
{
    const PageContext context{*m_state, *m_workspace, *m_info, *m_requests};
    for (const ViewDescriptor& d : viewCatalog()) {
        Q_ASSERT(d.create); // every catalog entry builds its page (tests/ui/test_view_catalog.cpp)
        QWidget* page = d.create(context);
        page->setProperty("viewName", d.name);
        page->setProperty("viewStep", static_cast<int>(d.step));
        m_pages.insert(d.name, page);
        if (d.step == WorkflowStep::Data)
            m_tabs->addTab(page, QIcon(":/icons/table.svg"), d.title);
        else
            m_tabs->addTab(page, d.title);
        addPageCommands(d, page);
    }
}

// A page's commands go to the Analysis menu; each shows its page, then runs.
void MainWindow::addPageCommands(const ViewDescriptor& descriptor, QWidget* page)
{
    Page* hooks = hooksOf(page);
    if (!hooks)
        return;
    for (const PageCommand& c : hooks->commands()) {
        auto* a = new QAction(c.text, this);
        a->setShortcut(c.shortcut);
        a->setStatusTip(c.statusTip);
        connect(a, &QAction::triggered, this, [this, name = descriptor.name, run = c.run]() {
            showView(name);
            run();
        });
        m_pageCommands << a;
    }
}

void MainWindow::createDocks()
{
    m_panels = new TablePanels(*this, *m_state, *m_workspace);
    wireAttributes();
    ParameterPanel* parameters = m_panels->parameters();
    connect(parameters, &ParameterPanel::optimizeRequested, m_workspace, &Workspace::optimize);
    connect(parameters, &ParameterPanel::optimizeForChanged, m_workspace, &Workspace::setOptimizeFor);
    connect(m_requests, &PageRequests::optimizeTargetsChanged, this, &MainWindow::updateOptimizeChoices);
    connect(m_state, &AnalysisState::viewChanged, this, &MainWindow::updateOptimizeChoices);
    connect(m_workspace, &Workspace::analysisReady, this, &MainWindow::updateOptimizeChoices);
    connect(parameters, &ParameterPanel::retentionCorrected, this,
            [this](const QString& m) { m_info->showMessage(m.toHtmlEscaped(), InfoBar::Kind::Warning); });
}

void MainWindow::wireAttributes()
{
    AttributePanel* attributes = m_panels->attributes();
    connect(attributes, &AttributePanel::binRequested, this, [this](const QString& a) { openBinDialog(a); });
    connect(attributes, &AttributePanel::renameRequested, this, &MainWindow::promptRename);
    connect(attributes, &AttributePanel::unbinRequested, m_attributeEditing, &AttributeEditing::unbin);
}

void MainWindow::createMenus()
{
    const WindowMenus menus = rr::ui::createMenus(*this, m_actions, m_pageCommands);
    m_viewMenu = menus.view;
    m_recent = new RecentFiles(menus.recent, this);
    connect(m_recent, &RecentFiles::chosen, this, &MainWindow::openRecent);
    createMainToolBar(*this, m_actions);
    fillViewMenu();
    m_viewMenu->addSeparator();
    QMenu* panels = m_viewMenu->addMenu(tr("Panels"));
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        panels->addAction(dock->toggleViewAction());
}

// A View menu entry per page with its catalog shortcut, grouped as the step bar groups the steps (the Analysis
// group and Baskets apart).
void MainWindow::fillViewMenu()
{
    std::optional<WorkflowStep> previous;
    for (const ViewDescriptor& d : viewCatalog()) {
        if (previous && stepDescriptor(d.step).startsGroup && *previous != d.step)
            m_viewMenu->addSeparator();
        previous = d.step;
        QAction* a = m_viewMenu->addAction(d.title, this, [this, name = d.name]() { showView(name); });
        if (!d.shortcut.isEmpty())
            a->setShortcut(QKeySequence(d.shortcut));
    }
}

// The table's summary, then the background jobs (the workspace's and the pages').
void MainWindow::createStatusBar()
{
    m_status = new StatusSummary(*m_state, *m_workspace, statusBar());
    m_progress = new TaskProgress;
    for (BackgroundTask* t : m_workspace->tasks())
        m_progress->watch(t);
    for (const Page* p : pageHooks(*m_tabs))
        for (BackgroundTask* t : p->watchedTasks())
            m_progress->watch(t);
    connect(m_actions.cancel, &QAction::triggered, m_progress, &TaskProgress::cancelCurrent);
    statusBar()->addPermanentWidget(m_progress);
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

// The saved geometry (within this screen) and docks, or a comfortable first layout (docks resize once the
// window is laid out).
void MainWindow::restoreWindow()
{
    restoreWindowGeometry(*this);
    if (restoreWindowDocks(*this))
        QTimer::singleShot(0, m_panels, &TablePanels::widenAttributes); // a column saved too narrow
    else
        QTimer::singleShot(0, m_panels, &TablePanels::firstStartLayout);
}

MainWindow::~MainWindow()
{
    // Pages and panels point at the state and the workspace: they go first, and nothing may call back into
    // this half-destroyed window (the undo stack announces "clean" while it is destroyed). A loader waiting for
    // a login is released first: deleting the workspace joins it.
    m_loginPrompt->abandon();
    disconnect(m_state->undoStack(), nullptr, this, nullptr);
    disconnect(m_state, nullptr, this, nullptr);
    disconnect(m_workspace, nullptr, this, nullptr);
    disconnect(m_tabs, nullptr, this, nullptr); // removing the pages is not a choice of page
    delete m_messages; // writes into the info bar when the state or the workspace speaks
    delete takeCentralWidget();
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        delete dock;
    delete m_workspace;
    delete m_state;
}

ParameterPanel* MainWindow::parameterPanel() const
{
    return m_panels->parameters();
}

AttributePanel* MainWindow::attributePanel() const
{
    return m_panels->attributes();
}

QWidget* MainWindow::page(const QString& name) const
{
    return m_pages.value(name);
}

ChartView* MainWindow::currentChart() const
{
    return rr::ui::currentChart(*m_tabs);
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
    showOnlyTabs(*m_tabs, viewsOfStep(viewCatalog(), m_step));
    m_stepBar->setCurrentStep(m_step);
    m_panels->followStep(m_step);
    updateStepLine();
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

void MainWindow::wireFileActions()
{
    const WindowActions& a = m_actions;
    connect(a.openCsv, &QAction::triggered, this, &MainWindow::actionOpenCsv);
    connect(a.openSample, &QAction::triggered, this, [this]() {
        if (keepUnsavedWork(tr("opening the sample")))
            openCsv(bundledSample());
    });
    connect(a.openBaskets, &QAction::triggered, this, [this]() {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open Baskets"), QString(),
                                                          tr("Baskets, FIMI format (*.dat *.txt);;All files (*)"));
        if (!path.isEmpty())
            openBaskets(path);
    });
    connect(a.openDatabase, &QAction::triggered, this, &MainWindow::actionOpenDatabase);
    connect(a.openSession, &QAction::triggered, this, &MainWindow::actionOpenSession);
    connect(a.save, &QAction::triggered, this, &MainWindow::actionSave);
    connect(a.saveAs, &QAction::triggered, this, &MainWindow::actionSaveAs);
    connect(a.exportChart, &QAction::triggered, m_export, &ExportActions::exportChartInteractively);
    connect(a.copyChart, &QAction::triggered, m_export, &ExportActions::copyChart);
    connect(a.exportReport, &QAction::triggered, m_export, &ExportActions::exportReportInteractively);
    connect(a.release, &QAction::triggered, m_release, &ReleaseStarter::start);
    connect(a.quit, &QAction::triggered, this, &QWidget::close);
}

void MainWindow::wireAnalysisActions()
{
    connect(m_actions.reset, &QAction::triggered, m_state, &AnalysisState::resetParameters);
    connect(m_actions.optimize, &QAction::triggered, m_workspace, &Workspace::optimize);
    connect(m_actions.resample, &QAction::triggered, m_workspace, &Workspace::resample);
    for (QAction* a : m_actions.modes)
        connect(a, &QAction::triggered, this,
                [this, m = static_cast<RandomizationMode>(a->data().toInt())]() { m_state->setMode(m); });
}

void MainWindow::wireWorkspace()
{
    connect(m_workspace, &Workspace::tableLoaded, this, [this]() {
        m_panels->attributes()->setSource(m_workspace->source());
        QTimer::singleShot(0, m_panels, &TablePanels::widenAttributes); // the new names laid out first
        for (const QString& p : m_state->dataPaths())
            if ((!p.startsWith(bundledDataDir()) || bundledDataDir().isEmpty()) && !databaseFrom(m_state->dataPaths()))
                m_recent->add(p);
        updateTitle();
        updateStatus();
    });
    connect(m_workspace, &Workspace::analysisReady, this, &MainWindow::onAnalysisReady);
    connect(m_workspace, &Workspace::analysisCleared, this, [this]() {
        m_panels->attributes()->setAnalysis(nullptr);
        updateStatus();
    });
    connect(m_workspace, &Workspace::liveUpdated, this, [this]() { updateStatus(); });
    connect(m_workspace, &Workspace::errorOccurred, this,
            [this](const QString& m) { m_info->showMessage(m.toHtmlEscaped(), InfoBar::Kind::Error); });
    for (auto warning : {&Workspace::savedResultDropped, &Workspace::warningIssued})
        connect(m_workspace, warning, this,
                [this](const QString& m) { m_info->showMessage(m.toHtmlEscaped(), InfoBar::Kind::Warning); });
    wireModeActions();
    wireTabs();
}

void MainWindow::onAnalysisReady()
{
    const auto a = m_workspace->analysis();
    m_panels->attributes()->setAnalysis(a);
    if (m_announceRoles) { // roles chosen by the program, not by the user: say so once
        m_announceRoles = false;
        m_messages->announceRoles(a->spec);
    }
    if (m_showSessionView) { // a session names the page it was saved on
        m_showSessionView = false;
        showView(QString::fromStdString(m_state->view().currentView));
    }
    updateStatus();
}

// The menu's mode follows the state like the panel does, also after a file or session was opened
// (the state is restored with its signals blocked; the panel rebuilds on analysisReady).
void MainWindow::wireModeActions()
{
    auto syncModeActions = [this]() {
        for (QAction* a : m_actions.modes)
            a->setChecked(a->data().toInt() == static_cast<int>(m_state->mode()));
    };
    connect(m_state, &AnalysisState::parametersChanged, this, syncModeActions);
    connect(m_workspace, &Workspace::analysisReady, this, syncModeActions);
    connect(m_workspace, &Workspace::analysisCleared, this, syncModeActions);
    connect(m_state->undoStack(), &QUndoStack::cleanChanged, this, [this]() { updateTitle(); });
}

// The shown tab: the pages told which is shown (the surface is computed only while shown), the chart actions,
// the page remembered.
void MainWindow::wireTabs()
{
    announceCurrentPage(*m_tabs);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int i) {
        announceCurrentPage(*m_tabs);
        m_actions.exportChart->setEnabled(currentChart() != nullptr);
        m_actions.copyChart->setEnabled(currentChart() != nullptr);
        rememberShownPage(i);
    });
}

// The table session's page; Baskets keep their own.
void MainWindow::rememberShownPage(int index)
{
    QWidget* shown = m_tabs->widget(index);
    if (!shown || shown->property("viewStep").toInt() == static_cast<int>(WorkflowStep::Baskets))
        return;
    ViewChoices v = m_state->view();
    v.currentView = shown->property("viewName").toString().toStdString();
    QSignalBlocker block(m_state); // remembering the page is not a change of any view
    m_state->setView(v);
}

void MainWindow::updateStatus()
{
    m_status->update();
}

void MainWindow::updateTitle()
{
    setWindowTitle(windowTitleOf(m_state->dataPaths(), m_sessionPath));
    setWindowModified(!m_state->undoStack()->isClean());
}

void MainWindow::updateOptimizeChoices()
{
    QStringList labels, analyses;
    for (const Page* p : pageHooks(*m_tabs))
        p->addOptimizeTargets(labels, analyses);
    m_panels->parameters()->setAnalyses(labels, analyses);
}

void MainWindow::openBaskets(const QString& path)
{
    showView("baskets");
    view<BasketsView>("baskets")->openBaskets(path);
}

bool MainWindow::openBasketSession(const QString& path)
{
    showView("baskets"); // its own workspace: the table's session and title stay as they are
    const auto open = [&] { view<BasketsView>("baskets")->openSession(path); m_recent->add(path); };
    return attempt(*m_info, tr("Could not open the basket session: %1"), open);
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

void MainWindow::openRecent(const QString& path)
{
    if (path.endsWith(".json", Qt::CaseInsensitive))
        openSession(path);
    else
        openCsv({path});
}

bool MainWindow::openSession(const QString& path)
{
    const std::optional<SessionKind> kind = m_sessions->open(path);
    if (!kind)
        return false;
    if (*kind == SessionKind::Baskets)
        return openBasketSession(path);
    m_sessionPath = path;
    m_showSessionView = true;
    m_announceRoles = false; // the session names its roles
    m_info->hide();
    m_recent->add(path);
    updateTitle();
    return true;
}

bool MainWindow::saveSession(const QString& path)
{
    if (!m_sessions->save(path))
        return false;
    m_sessionPath = path;
    m_state->undoStack()->setClean();
    m_recent->add(path);
    updateTitle();
    m_info->showMessage(tr("Session saved to %1").arg(path.toHtmlEscaped()), InfoBar::Kind::Success);
    return true;
}

bool MainWindow::exportCurrentChart(const QString& path, int dpi)
{
    return m_export->exportCurrentChart(path, dpi);
}

ReleaseDialog* MainWindow::createReleaseDialog()
{
    return m_release->createDialog();
}

BinDialog* MainWindow::openBinDialog(const QString& attribute)
{
    return m_attributeEditing->openBinDialog(attribute);
}

void MainWindow::promptRename(const QString& attribute)
{
    m_attributeEditing->promptRename(attribute);
}

bool MainWindow::renameAttribute(const QString& from, const QString& to)
{
    return m_attributeEditing->rename(from, to);
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
    const DataFilesChoice chosen = askDataFiles(this);
    if (!chosen.paths.isEmpty())
        openCsvWith(chosen.paths, chosen.options);
}

void MainWindow::actionOpenDatabase()
{
    if (!keepUnsavedWork(tr("opening a database")))
        return;
    askDatabase(this, *m_info, databaseFrom(m_state->dataPaths()),
                [this](const DatabaseChoice& chosen, const sql::Credentials& login) { openDatabase(chosen, login); });
}

void MainWindow::actionOpenSession()
{
    if (!keepUnsavedWork(tr("opening a session")))
        return;
    if (const QString path = m_sessions->askToOpen(); !path.isEmpty())
        openSession(path);
}

bool MainWindow::actionSave()
{
    return m_sessionPath.isEmpty() ? actionSaveAs() : saveSession(m_sessionPath);
}

bool MainWindow::actionSaveAs()
{
    const QString path = m_sessions->askToSave(m_sessionPath);
    return !path.isEmpty() && saveSession(path);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!keepUnsavedWork(tr("quitting"))) {
        event->ignore();
        return;
    }
    m_panels->setShown(true); // the panels' own visibility, not the Baskets workspace's
    saveWindowLayout(*this);
    for (BackgroundTask* t : m_workspace->tasks())
        t->cancel();
    for (Page* p : pageHooks(*m_tabs))
        p->stopWork();
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
