#pragma once
// The Rules view (issue 8, 003 Sec. 3.2, Table 3.3): binary items (0/1 columns, or attribute = category),
// thresholds and a decision rule; the rules mined from a seeded simulated release at p with their support
// and confidence ranges, marked sure / uncertain / false positive / missed against the original records,
// and the Table 3.3 error metrics. Mining runs in the view's background task.
#include "core/analysis/RulesFrame.h"
#include "ui/views/AnalysisView.h"

#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QListWidgetItem;
class QPushButton;
class QTabWidget;
class QTableWidget;

namespace rr {
class DataSource;
}

namespace rr::ui {

class AnalysisState;
class BackgroundTask;
class RulesChart;
class Workspace;

class RulesView : public AnalysisView {
    Q_OBJECT
public:
    RulesView(AnalysisState* state, Workspace* workspace, QWidget* parent = nullptr);
    ~RulesView() override;

    ChartView* chartView() const override;
    BackgroundTask* task() const { return m_task; }
    std::shared_ptr<const RulesFrame> result() const { return m_frame; }
    QString reportSection() const;
    QList<BackgroundTask*> watchedTasks() const override { return {m_task}; }
    void stopWork() override;
    // The chart and the rules' table.
    void addToReport(ReportParts& parts) override;
    // Reads the table and the choices again and mines (a view made after loading: headless export).
    void refresh();

    QListWidget* itemList() const { return m_items; }
    QLineEdit* itemSearch() const { return m_search; }
    QCheckBox* checkedOnlyBox() const { return m_checkedOnly; }
    QLabel* checkedCountLabel() const { return m_checkedCount; }
    QComboBox* thresholdAttributeBox() const { return m_thresholdAttribute; }
    QDoubleSpinBox* thresholdSpin() const { return m_threshold; }
    QPushButton* addThresholdButton() const { return m_addThreshold; }
    QDoubleSpinBox* minSupportSpin() const { return m_minSupport; }
    QDoubleSpinBox* minConfidenceSpin() const { return m_minConfidence; }
    QDoubleSpinBox* pSpin() const { return m_p; }
    QComboBox* decisionBox() const { return m_decision; }
    QTableWidget* table() const { return m_table; }
    QLabel* metricsLabel() const { return m_metrics; }
    RulesChart* rulesChart() const { return m_chart; }

signals:
    void computed();

private:
    // The constructor's parts.
    void buildItemControls();
    void buildResults();
    QWidget* buildSettingsArea();
    QWidget* buildItemsArea();
    void connectControls();
    void fillItems();
    QListWidgetItem* addItem(const RuleItem& item);
    void fitThreshold();
    void addThresholdItem();
    void filterItems();
    void syncFromState();
    void pushChoices();
    void compute();
    void show(std::shared_ptr<const RulesFrame> frame);

    AnalysisState* m_state;
    // The items last read (RulesItems keeps no records: two bits per item and record) and what they were read for.
    std::shared_ptr<const RulesItems> m_read;
    std::string m_itemsKey;
    std::weak_ptr<const DataSource> m_itemsSource;
    Workspace* m_workspace;
    BackgroundTask* m_task;
    std::shared_ptr<const RulesFrame> m_frame;
    bool m_syncing = false;
    QListWidget* m_items;
    QLineEdit* m_search;
    QCheckBox* m_checkedOnly;
    QLabel* m_checkedCount;
    QComboBox* m_thresholdAttribute;
    QDoubleSpinBox* m_threshold;
    QPushButton* m_addThreshold;
    QDoubleSpinBox* m_minSupport;
    QDoubleSpinBox* m_minConfidence;
    QDoubleSpinBox* m_p;
    QComboBox* m_decision;
    QLabel* m_status;
    QLabel* m_metrics;
    QTabWidget* m_tabs;
    QTableWidget* m_table;
    RulesChart* m_chart;
};

// "12.3%" or "undefined: reason".
QString percentText(const MeasureValue& v);
// The Table 3.3 metrics as one line of text.
QString ruleErrorsText(const RuleErrors& e);

} // namespace rr::ui
