#pragma once
// Mode selector, one slider + spin box per QI and sensitive attribute (and what attackers know) (range (1/d, 1], three
// decimals) with q, epsilon and ||P^-1||_F^2 beside it, the target l / tau, Optimize and Reset.
#include "core/analysis/Frame.h"

#include <QWidget>

#include <map>
#include <memory>

class QButtonGroup;
class QComboBox;
class QDoubleSpinBox;
class QGridLayout;
class QHBoxLayout;
class QLabel;
class QPushButton;
class QRadioButton;
class QSlider;
class QSpinBox;

namespace rr {
struct PreparedAnalysis;
} // namespace rr

namespace rr::ui {

class AnalysisState;
class Workspace;

class ParameterPanel : public QWidget {
    Q_OBJECT
public:
    ParameterPanel(AnalysisState* state, Workspace* workspace, QWidget* parent = nullptr);

    QSlider* slider(const QString& attribute) const;
    QDoubleSpinBox* spinBox(const QString& attribute) const;
    // The line under an attribute's slider: q, epsilon with its band, the utility factor.
    QLabel* infoLabel(const QString& attribute) const;
    QPushButton* optimizeButton() const { return m_optimize; }
    QSpinBox* lBox() const { return m_l; }
    // What Optimize minimizes: the least utility loss, or one of the analyses set here (issue 44).
    QComboBox* optimizeForBox() const { return m_optimizeFor; }
    // The analyses Optimize can be for, beside the least utility loss: a label and optimize --for's text each
    // ("cells:A,B", "regress:Y=V~A,B"). The choice stays by position when they change.
    void setAnalyses(const QStringList& labels, const QStringList& analyses);
    // The chosen analysis' text; empty: the least utility loss.
    QString optimizeFor() const;

signals:
    void optimizeRequested();
    void optimizeForChanged(const QString& analysis);
    // A typed p outside (1/d, 1] was corrected; the text says to what and why.
    void retentionCorrected(const QString& message);

private:
    struct Row {
        QLabel* name;
        QSlider* slider;
        QDoubleSpinBox* spin;
        QLabel* info;
        int d;
        int axis;
        double shown = -1; // the p and state last drawn (rows that did not change are left alone)
        bool enabled = true;
    };
    // The constructor's parts.
    QHBoxLayout* buildModeRow();
    QHBoxLayout* buildTargetRow();
    QHBoxLayout* buildReidentificationRow();
    QHBoxLayout* buildOptimizeForRow();
    QHBoxLayout* buildButtonRow();
    void connectControls();
    void rebuild();
    Row makeRow(const QString& name, const QString& role, int d, int axis);
    void connectRow(const Row& row, const QString& name, int d);
    void syncFromState();
    void showLive(const Frame& r);
    void setRowValue(Row& row, double p, bool enabled);

    AnalysisState* m_state;
    Workspace* m_workspace;
    std::shared_ptr<const PreparedAnalysis> m_analysis;
    std::shared_ptr<const SeveralSensitiveAnalysis> m_several; // issue 22: rows for every sensitive attribute's table
    QButtonGroup* m_modes;
    QRadioButton* m_modeButtons[3];
    QWidget* m_rowsHost;
    QGridLayout* m_grid;
    std::map<QString, Row> m_rows;
    QSpinBox* m_l;
    QDoubleSpinBox* m_tau;
    QDoubleSpinBox* m_reidentification;
    QPushButton* m_optimize;
    QComboBox* m_optimizeFor;
    QPushButton* m_reset;
    QLabel* m_riskLabel;
    int m_gesture = 0;
    double m_shownTau = -1;
    bool m_syncing = false;
};

} // namespace rr::ui
