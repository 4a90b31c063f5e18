#pragma once
// The Baskets workspace page: the operator and its parameters (a per-size (K_m, rho_m) table for
// cut-and-paste with the breach-driven suggestion), the breach level, and the live charts and tables of
// the current BasketsFrame. Draws and delegates: numbers come from BasketsWorkspace (core/baskets).
#include "ui/baskets/BasketsWorkspace.h"
#include "ui/views/AnalysisView.h"

#include <QList>

class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QTabWidget;
class QTableWidget;

namespace rr::ui {

class BasketBreachChart;
class MiningQualityChart;
class ReconstructionChart;
class RecoveredSupportsChart;

class BasketsView : public AnalysisView {
    Q_OBJECT
public:
    explicit BasketsView(QWidget* parent = nullptr);
    ~BasketsView() override;

    ChartView* chartView() const override { return m_current; } // the chart last clicked (breach at first)
    BasketsWorkspace* workspace() const { return m_workspace; }
    QList<BackgroundTask*> watchedTasks() const override { return m_workspace->tasks(); }

    void openBaskets(const QString& path);
    // Sets the operator, parameters and preview choices as if entered in the controls (tests, sessions).
    void applyChoice(const BasketsChoice& choice);
    void saveSession(const QString& path) const; // InputError / IoError on failure
    void openSession(const QString& path);
    // Writes basket-breach, basket-supports, basket-mining (and basket-privacy when R(p, s) applies) beside
    // `base` ("dir/name" -> dir/name-basket-breach.png).
    QStringList exportCharts(const QString& base, const QString& extension = "png", int dpi = 192);

    BasketBreachChart* breachChart() const { return m_breachChart; }
    RecoveredSupportsChart* supportsChart() const { return m_supportsChart; }
    MiningQualityChart* miningChart() const { return m_miningChart; }
    ReconstructionChart* reconstructionChart() const { return m_reconstructionChart; }
    QLabel* privacyLabel() const { return m_privacy; }
    QTableWidget* epsilonTable() const { return m_epsilonTable; }
    QTableWidget* selectASizeTable() const { return m_selectSizes; }
    QTabWidget* resultTabs() const { return m_tabs; }
    QTableWidget* breachTable() const { return m_breachTable; }
    QTableWidget* supportsTable() const { return m_supportsTable; }
    QTableWidget* miningTable() const { return m_miningTable; }
    QTableWidget* perSizeTable() const { return m_perSize; }
    QLabel* summaryLabel() const { return m_summary; }
    QComboBox* operatorBox() const { return m_operator; }
    QDoubleSpinBox* levelBox() const { return m_level; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // The constructor's parts.
    void buildCharts();
    QTabWidget* buildResultTabs();
    QWidget* buildChartArea(QTabWidget* tables);
    void connectWorkspace();
    // The control panel on the left and its parts.
    QWidget* buildControls();
    QGroupBox* buildFileBox();
    QGroupBox* buildOperatorBox(QPushButton*& fill, QPushButton*& selFill);
    QWidget* buildCutAndPastePage(QPushButton*& fill);
    QWidget* buildUniformPage();
    QWidget* buildItemBitsPage();
    QWidget* buildSelectASizePage(QPushButton*& selFill);
    QWidget* buildFrequencyAwarePage();
    QGroupBox* buildPrivacyBox();
    QGroupBox* buildActionsBox();
    void connectControls(QPushButton* fill, QPushButton* selFill);
    void readControls();  // controls -> workspace choice
    void readMinSupports(BasketsChoice& c);
    void readCutAndPasteTable(BasketsChoice& c, std::uint32_t maxSize);
    void writeControls(); // workspace choice -> controls
    void fillPerSizeTable();
    void fillSelectASizeTable();
    bool readSelectASizeTable(BasketsChoice& c, std::uint32_t maxSize); // false: a row was refused
    void showPrivacy(const BasketsFrame& frame);
    void showFrame(const std::shared_ptr<const BasketsFrame>& frame);
    void showResultTables(const std::shared_ptr<const BasketsFrame>& frame,
                          const std::shared_ptr<const BasketsData>& data);
    void showFrameSummary(const std::shared_ptr<const BasketsFrame>& frame,
                          const std::shared_ptr<const BasketsData>& data,
                          const std::shared_ptr<const PrivacyBasis>& basis);
    void clearResults();
    void showMessage(const QString& text);
    void actionOpen();
    void actionRelease();
    void actionSaveSession();
    void actionOpenSession();
    void actionExportCharts();

    BasketsWorkspace* m_workspace;
    bool m_updating = false;
    bool m_messageKept = false; // the message stays when the next frame arrives
    QLabel* m_file;
    QComboBox* m_operator;
    QStackedWidget* m_parameters;
    QDoubleSpinBox* m_keep;
    QDoubleSpinBox* m_replace;
    QSpinBox* m_cutoff;
    QDoubleSpinBox* m_rho;
    QTableWidget* m_perSize;
    QPushButton* m_suggest;
    QDoubleSpinBox* m_selectRho;
    QDoubleSpinBox* m_selectKeep;
    QTableWidget* m_selectSizes;
    QDoubleSpinBox* m_fp;
    QDoubleSpinBox* m_nfp;
    QDoubleSpinBox* m_frequentSupport;
    QDoubleSpinBox* m_level;
    QSpinBox* m_seed;
    QLineEdit* m_minSupports;
    QLabel* m_message;
    QLabel* m_summary;
    BasketBreachChart* m_breachChart;
    RecoveredSupportsChart* m_supportsChart;
    MiningQualityChart* m_miningChart;
    ReconstructionChart* m_reconstructionChart;
    QStackedWidget* m_reconstructionPage; // the chart, or why R(p, s) does not apply
    QLabel* m_reconstructionReason;
    QLabel* m_privacy;
    QTableWidget* m_epsilonTable;
    QTabWidget* m_tabs;
    ChartView* m_current;
    QTableWidget* m_breachTable;
    QTableWidget* m_supportsTable;
    QTableWidget* m_miningTable;
};

} // namespace rr::ui
