#pragma once
// The window wires: menus, toolbar, docks (attributes, parameters), the pages the view catalog builds (as tabs
// of the step bar's steps), status bar, drag and drop. Data lives in Workspace/AnalysisState; pages draw, and
// the window talks to them only through the catalog and their hooks (ui/views/Page.h).
#include "ui/catalog/ViewCatalog.h"
#include "ui/mainwindow/WindowActions.h"
#include "ui/session/DatabaseChoice.h"
#include "core/sources/SqlUrl.h"

#include <QHash>
#include <QMainWindow>
#include <QStringList>

class QLabel;
class QMenu;
class QTabWidget;

namespace rr {
struct CsvOptions;
} // namespace rr

namespace rr::ui {

class AnalysisMessages;
class AnalysisState;
class AttributeEditing;
class AttributePanel;
class BinDialog;
class ChartView;
class ExportActions;
class InfoBar;
class LoginPrompt;
class PageRequests;
class ParameterPanel;
class RecentFiles;
class ReleaseDialog;
class ReleaseStarter;
class SessionFiles;
class StatusSummary;
class StepBar;
class StepGuide;
class TablePanels;
class TaskProgress;
class Workspace;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens files given on the command line (CSV files as one table, or one .json session);
    // with none, the bundled Adult sample.
    void openInitial(const QStringList& files);
    // Opens with options guessed from the first file (delimiter; no header row when the first line is
    // data, as in COIL's tab file); openCsvWith takes the import dialog's.
    void openCsv(const QStringList& paths);
    void openCsvWith(const QStringList& paths, const CsvOptions& options);
    // A database table or query (File > Open Database), opened in the background like a CSV file.
    void openDatabase(const DatabaseChoice& choice, const sql::Credentials& login = {});
    // A table session into the workspace; a basket session in the Baskets page (false: the reason in the info bar).
    bool openSession(const QString& path);
    // A FIMI basket file in the Baskets workspace (issue #10).
    void openBaskets(const QString& path);
    bool saveSession(const QString& path);
    bool exportCurrentChart(const QString& path, int dpi = 192);

    AnalysisState* state() const { return m_state; }
    Workspace* workspace() const { return m_workspace; }
    ParameterPanel* parameterPanel() const;
    AttributePanel* attributePanel() const;
    // The page a name of the view catalog (ui/catalog/ViewCatalog.h) names, or nullptr; view<T>() as its type.
    QWidget* page(const QString& name) const;
    template <class View>
    View* view(const QString& name) const
    {
        return qobject_cast<View*>(page(name));
    }
    QTabWidget* tabs() const { return m_tabs; }
    // File > Release randomized table...: a dialog over the current analysis and p (nullptr, with a
    // message, while no analysis is ready). The caller shows it.
    ReleaseDialog* createReleaseDialog();
    // Bin… on an attribute (issue 21): the dialog, shown window-modal; OK re-wraps the workspace's source with
    // the bins (in the background). nullptr when no data are open.
    BinDialog* openBinDialog(const QString& attribute);
    // The Attributes panel's Rename… (issue 20, bug 13): asks for the new name, then renameAttribute.
    void promptRename(const QString& attribute);
    // Renames a CSV column (Workspace::renameAttribute, one undo step); false, with the reason in the info bar,
    // when it is refused (a name empty or already used, data that is not CSV).
    bool renameAttribute(const QString& from, const QString& to);
    InfoBar* infoBar() const { return m_info; }
    ChartView* currentChart() const;
    void showView(const QString& name);
    // The owner's path (issue 20): the step bar over the pages, the line under it saying what the step is for
    // or why it is not ready. A step shows its views (the tab bar lists them when there are several).
    StepBar* stepBar() const { return m_stepBar; }
    QLabel* stepLine() const { return m_stepLine; }
    WorkflowStep currentStep() const;
    void showStep(WorkflowStep step);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    bool openBasketSession(const QString& path);
    // The constructor's parts.
    void createCentral();
    void createHelpers();
    void createPages();
    void addPageCommands(const ViewDescriptor& descriptor, QWidget* page);
    void createDocks();
    void createMenus();
    void fillViewMenu();
    void createStatusBar();
    void createStepBar();
    void restoreWindow();
    void wireFileActions();
    void wireAnalysisActions();
    void wireAttributes();
    void wireWorkspace();
    void onAnalysisReady();
    void wireModeActions();
    void wireTabs();
    void rememberShownPage(int index);

    // After the shown page changed: the step becomes the page's own, unless the current step shows it too.
    void followPage();
    // Shows the current step: its tabs, the step bar, the raised panels, the line.
    void applyStep();
    void updateStepLine();
    void updateStatus();
    void updateTitle();
    // The analyses Optimize can be for: what the pages offer (the Distribution's cells, the Utility step's model).
    void updateOptimizeChoices();
    void openRecent(const QString& path);
    // Before unsaved changes are discarded (quit, open a file or a session): asks to save them. False
    // when the user cancels (or the save fails): the caller stops.
    bool keepUnsavedWork(const QString& before);

    void actionOpenCsv();
    void actionOpenSession();
    void actionOpenDatabase();
    bool actionSave();
    bool actionSaveAs();

    AnalysisState* m_state;
    Workspace* m_workspace;
    LoginPrompt* m_loginPrompt;
    PageRequests* m_requests;
    WindowActions m_actions;
    QString m_sessionPath;
    bool m_showSessionView = false;
    bool m_announceRoles = false; // a CSV opened without a session: say which roles were assigned
    InfoBar* m_info;
    QTabWidget* m_tabs;
    QList<QAction*> m_pageCommands; // the pages' commands, for the Analysis menu
    QHash<QString, QWidget*> m_pages; // every page by its catalog name, built from the catalog
    StepBar* m_stepBar = nullptr;
    StepGuide* m_stepGuide = nullptr;
    QLabel* m_stepLine = nullptr;
    WorkflowStep m_step = WorkflowStep::Data;
    bool m_applyingStep = false;
    TablePanels* m_panels;
    TaskProgress* m_progress;
    StatusSummary* m_status;
    QMenu* m_viewMenu = nullptr;
    RecentFiles* m_recent = nullptr;
    ExportActions* m_export;
    SessionFiles* m_sessions;
    ReleaseStarter* m_release;
    AttributeEditing* m_attributeEditing;
    AnalysisMessages* m_messages;
};

} // namespace rr::ui
