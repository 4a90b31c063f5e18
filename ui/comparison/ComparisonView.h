#pragma once
// The Comparison view (issue #4): l-diversity, anatomy and RR-QI released at the same tau = 1/l
// for l = 2..L, in the background with progress and Cancel; bar charts of distances, query errors
// and risk, heat maps of the uncertainty coefficients, and the generalized and anatomized releases
// as tables. Standalone: the main window hands it the records and the attribute roles.
#include "ui/views/AnalysisView.h"

#include "core/release/ComparisonRun.h"
#include "core/datasource/DataSource.h"
#include "core/data/Table.h"
#include "core/session/SessionResults.h"

#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QScrollArea;
class QSpinBox;
class QStackedWidget;
class QTabWidget;
class QTableView;

namespace rr::ui {

class BackgroundTask;
class MeasureBarChart;
class TableModel;
class UncertaintyHeatMap;

class ComparisonView : public AnalysisView {
    Q_OBJECT
public:
    explicit ComparisonView(QWidget* parent = nullptr);
    ~ComparisonView() override;

    // The table as loaded and the roles with the missing-value policy (the records the policy drops are
    // left out when a run starts, off the GUI thread). Clears the previous results unless nothing changed.
    void setInput(std::shared_ptr<const DataSource> source, const AnalysisSpec& spec);
    // ARX hierarchy files; attributes without one are only suppressed. Empty: suppression only.
    void setHierarchyFolder(const QString& folder);
    QString hierarchyFolder() const { return m_folder; }

    ChartView* chartView() const override; // the chart of the tab shown (the bar chart otherwise)
    BackgroundTask* task() const { return m_task; }
    std::shared_ptr<const ComparisonRun> result() const { return m_run; }

    // Starts the comparison for l = 2..L in the background (replacing a running one).
    void run();
    void cancel();
    // Writes PREFIX.generalized.csv, PREFIX.qit.csv and PREFIX.st.csv for the l shown; returns the
    // files written. Throws rr::InputError when there is nothing to write.
    QStringList exportTables(const QString& prefix) const;

    // Sessions (issue 11): the result shown with its choices, for the records and roles `inputs` (nothing
    // while none is shown); and a saved one shown again (its controls set; the released tables are not
    // saved). The caller checks that the saved inputs are the current records and roles.
    std::optional<SavedComparison> savedResult(const ResultInputs& inputs) const;
    void restoreResult(const SavedComparison& saved);

    // Controls, for the main window and tests.
    QSpinBox* lMaxSpin() const { return m_lMax; }
    QSpinBox* shownLSpin() const { return m_shownL; }
    QComboBox* modelCombo() const { return m_model; }
    QComboBox* metricCombo() const { return m_metric; }
    QComboBox* measureCombo() const { return m_measure; }
    QSpinBox* seedSpin() const { return m_seed; }
    // t of t-closeness; 0: the largest t within 1/l.
    QDoubleSpinBox* tSpin() const { return m_t; }
    MeasureBarChart* barChart() const { return m_bars; }
    UncertaintyHeatMap* heatMap() const { return m_heat; }
    QTabWidget* tabs() const { return m_tabs; }
    TableModel* generalizedModel() const { return m_generalizedModel; }
    TableModel* qitModel() const { return m_qitModel; }
    TableModel* stModel() const { return m_stModel; }
    QLabel* statusLabel() const { return m_status; }
    QString releaseInfo() const; // the line above the released tables, for the l shown
    // What the release tabs say when they have no table to show (hidden while a table is shown).
    QLabel* generalizedPlaceholder() const { return m_generalizedEmpty; }
    QLabel* anatomyPlaceholder() const { return m_anatomyEmpty; }

signals:
    void computed();

private:
    // The constructor's parts.
    void buildRunControls();
    void buildChartControls();
    void buildResultTabs();
    void buildLayout();
    void connectControls();
    // The release line under the chart (showL).
    QStringList generalizationInfo(const ComparisonResult& r, int l) const;
    void addTClosenessInfo(QStringList& info, const ComparisonResult& r, int l) const;
    void addOtherReleasesInfo(QStringList& info, const ComparisonResult& r) const;
    void chooseFolder();
    void showResult(std::shared_ptr<const ComparisonRun> run, const ComparisonChoices& choices, double records);
    ComparisonChoices currentChoices() const;
    void showL();
    void exportTablesInteractively();
    void updateEnabled();
    void updateReleaseTabs();

    std::shared_ptr<const DataSource> m_source;
    AnalysisSpec m_spec;
    QString m_folder;
    std::shared_ptr<const ComparisonRun> m_run;
    ComparisonChoices m_runChoices; // the choices m_run was computed with
    double m_runRecords = 0;

    BackgroundTask* m_task; // the comparison, or an export of its tables
    bool m_exporting = false;
    QSpinBox* m_lMax;
    QComboBox* m_model;
    QDoubleSpinBox* m_c;
    QComboBox* m_metric;
    QSpinBox* m_seed;
    QDoubleSpinBox* m_t;
    QPushButton* m_folderButton;
    QPushButton* m_runButton;
    QPushButton* m_cancelButton;
    QProgressBar* m_progress;
    QLabel* m_status;
    QComboBox* m_measure;
    QSpinBox* m_shownL;
    QPushButton* m_exportTables;
    QTabWidget* m_tabs;
    MeasureBarChart* m_bars;
    UncertaintyHeatMap* m_heat;
    QTableView* m_generalizedView;
    QTableView* m_qitView;
    QTableView* m_stView;
    TableModel* m_generalizedModel;
    TableModel* m_qitModel;
    TableModel* m_stModel;
    QLabel* m_releaseInfo;
    QScrollArea* m_releaseArea;
    QStackedWidget* m_generalizedStack;
    QStackedWidget* m_anatomyStack;
    QLabel* m_generalizedEmpty;
    QLabel* m_anatomyEmpty;
};

} // namespace rr::ui
