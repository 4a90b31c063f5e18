#pragma once
// The window wires: menus, toolbar, docks (attributes, parameters), the view tabs, status bar,
// settings, recent files, drag and drop. Data lives in Workspace/AnalysisState; views draw.
#include "ui/session/DatabaseChoice.h"
#include "ui/catalog/ViewCatalog.h"
#include "core/sources/SqlUrl.h"

#include <QHash>
#include <QMainWindow>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <vector>

class QAbstractButton;
class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QTabWidget;
class QTableView;

namespace rr {
struct AnalysisSpec;
struct CsvOptions;
struct Table;
struct OptimizationResult;
enum class RandomizationMode;
} // namespace rr

namespace rr::ui {

class AnalysisState;
class AnalysisView;
class LoginPrompt;
class AttributePanel;
class BasketsView;
class ChartView;
class ComparisonView;
class DistributionView;
class InfoBar;
class IntervalsView;
class ModelLossView;
class MeasuresView;
class ParameterPanel;
class DataPreview;
class ReleaseDialog;
class BinDialog;
class RiskView;
class ReleaseStepPage;
class RulesView;
class StepBar;
class StepGuide;
class SurfaceView;
class TableModel;
class TaskProgress;
class ElidingLabel;
class TradeOffView;
class WithoutPView;
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
    bool openSession(const QString& path);
    // A FIMI basket file in the Baskets workspace (issue #10).
    void openBaskets(const QString& path);
    bool saveSession(const QString& path);
    bool exportCurrentChart(const QString& path, int dpi = 192);

    AnalysisState* state() const { return m_state; }
    Workspace* workspace() const { return m_workspace; }
    ParameterPanel* parameterPanel() const { return m_parameters; }
    AttributePanel* attributePanel() const { return m_attributes; }
    // The page a name of the view catalog (ui/catalog/ViewCatalog.h) names, or nullptr; view<T>() as its type.
    QWidget* page(const QString& name) const;
    template <class View>
    View* view(const QString& name) const
    {
        return qobject_cast<View*>(page(name));
    }
    QTabWidget* tabs() const { return m_tabs; }
    QTableView* dataView() const { return m_dataView; }
    // The Data tab's "Randomized preview" toggle and its note.
    QAbstractButton* dataPreviewToggle() const;
    QLabel* dataPreviewNote() const { return m_previewNote; }
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
    void addPage(const ViewDescriptor& descriptor, QWidget* page);
    // After the shown page changed: the step becomes the page's own, unless the current step shows it too.
    void followPage();
    // Shows the current step: its tabs, the step bar, the raised panels, the line.
    void applyStep();
    void updateStepLine();
    // Baskets is a workspace of its own: the table's panels hide while it is shown and come back after.
    void setTablePanelsShown(bool shown);
    void widenAttributes();
    // The constructor's parts.
    void createViews();
    void createCentral();
    void createPages();
    void createStepBar();
    void restoreWindow();
    void createActions();
    void createFileActions();
    void createEditActions();
    void createAnalysisActions();
    void createMenus();
    void createFileMenu();
    void createHelpMenu();
    void createMainToolBar();
    void createDocks();
    void createStatusBar();
    void wireWorkspace();
    void announceRoles(const AnalysisSpec& spec);
    void wireModeActions();
    void wireTabs();
    void updateStatus();
    void updateTitle();
    void updateComparisonInput();
    void addRecent(const QString& path);
    void rebuildRecentMenu();
    void onOptimizationFinished(const rr::OptimizationResult& result, rr::RandomizationMode mode);
    // Optimize's "for this analysis" (issue 44): the result with both objectives at both optima.
    void showAnalysisOptimum(const rr::OptimizationResult& result);
    // The analyses Optimize can be for: the Distribution's table and the model of the Utility step.
    void updateOptimizeChoices();
    // Runs a user action; any error it throws goes to the message bar, prefixed by `failure`
    // ("Could not open the session: %1") when given. The one error path of every action.
    bool attempt(const QString& failure, const std::function<void()>& action);
    // Shows a session's database (URL without password, table or query) and asks before connecting.
    bool confirmSessionDatabase(const QString& path, const DatabaseChoice& db);
    // Before unsaved changes are discarded (quit, open a file or a session): asks to save them. False
    // when the user cancels (or the save fails): the caller stops.
    bool keepUnsavedWork(const QString& before);

    void actionOpenCsv();
    void actionOpenSession();
    void actionOpenDatabase();
    bool actionSave();
    bool actionSaveAs();
    void actionExportChart();
    void actionCopyChart();
    void actionExportReport();
    void writeReport(const QString& path);
    void actionAbout();
    void actionRelease();
    QWidget* createDataPage();
    void updateDataPreview();

    AnalysisState* m_state;
    Workspace* m_workspace;
    LoginPrompt* m_loginPrompt;
    QString m_sessionPath;
    bool m_showSessionView = false;
    bool m_announceRoles = false; // a CSV opened without a session: say which roles were assigned
    InfoBar* m_info;
    QTabWidget* m_tabs;
    QTableView* m_dataView;
    QWidget* m_dataPage = nullptr;
    QAbstractButton* m_previewToggle = nullptr;
    QLabel* m_previewNote = nullptr;
    DataPreview* m_dataPreview = nullptr;
    TableModel* m_tableModel;
    DistributionView* m_distribution;
    RiskView* m_risk;
    SurfaceView* m_surface;
    IntervalsView* m_intervals;
    ModelLossView* m_modelLoss;
    TradeOffView* m_tradeOff;
    ComparisonView* m_comparison;
    MeasuresView* m_measures;
    RulesView* m_rules;
    BasketsView* m_baskets = nullptr;
    WithoutPView* m_withoutP;
    ReleaseStepPage* m_releasePage;
    StepBar* m_stepBar = nullptr;
    StepGuide* m_stepGuide = nullptr;
    QLabel* m_stepLine = nullptr;
    WorkflowStep m_step = WorkflowStep::Data;
    bool m_applyingStep = false;
    bool m_panelsHiddenForBaskets = false;
    QHash<QDockWidget*, bool> m_panelsBeforeBaskets; // each table panel's visibility when Baskets was shown
    QList<AnalysisView*> m_views;      // the pages that draw charts, in tab order
    QHash<QString, QWidget*> m_pages; // every page by its catalog name
    AttributePanel* m_attributes;
    ParameterPanel* m_parameters;
    TaskProgress* m_progress;
    ElidingLabel* m_rowsLabel;
    ElidingLabel* m_cellsLabel;
    ElidingLabel* m_riskLabel;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QAction* m_openCsv = nullptr;
    QAction* m_openSample = nullptr;
    QAction* m_openBaskets = nullptr;
    QAction* m_openSession = nullptr;
    QAction* m_openDatabase = nullptr;
    QAction* m_save = nullptr;
    QAction* m_saveAs = nullptr;
    QAction* m_exportChart = nullptr;
    QAction* m_copyChart = nullptr;
    QAction* m_exportReport = nullptr;
    QAction* m_release = nullptr;
    QAction* m_quit = nullptr;
    QAction* m_undo = nullptr;
    QAction* m_redo = nullptr;
    QAction* m_reset = nullptr;
    QAction* m_optimize = nullptr;
    QAction* m_resample = nullptr;
    QAction* m_tradeOffAction = nullptr;
    QAction* m_compareAction = nullptr;
    QAction* m_cancel = nullptr;
    QList<QAction*> m_modeActions;
};

} // namespace rr::ui
