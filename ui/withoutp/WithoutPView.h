#pragma once
// "Without p" (issue 9, 003 Sec. 4.2): what an analyst who is not told p learns from the randomized
// table. Two attributes (each pooled to a present category), one measure's heat map over their p,
// and every measure's original and randomized value at the current p with the verdict of 003
// Results 4, 5 and 8 ("safe to use without p": a guaranteed bound of the original).
#include "ui/views/AnalysisView.h"

#include "core/distortion/DistortionSpec.h"

#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QTableWidget;
class QToolButton;

namespace rr {
struct VerticalReport;
struct VerticalVerdict;
struct WithoutPFrame;
} // namespace rr

namespace rr::ui {

class AnalysisState;
class MeasureSurfaceChart;
class Workspace;

class WithoutPView : public AnalysisView {
    Q_OBJECT
public:
    WithoutPView(AnalysisState* state, Workspace* workspace, QWidget* parent = nullptr);
    ChartView* chartView() const override;
    MeasureSurfaceChart* chart() const { return m_chart; }
    QTableWidget* table() const { return m_table; }
    QComboBox* firstBox() const { return m_first; }
    QComboBox* secondBox() const { return m_second; }
    QComboBox* measureBox() const { return m_measure; }
    std::shared_ptr<const WithoutPFrame> frame() const { return m_frame; }
    // The help text: 003 Results 12-14's examples, computed (core/withoutp/FlipExamples).
    static QString examplesHtml();
    // Matrices from the matrix editor for the rows' and columns' attribute (empty: Warner p); the
    // verdict table uses them, the map stays on Warner's p. Cleared when an attribute changes.
    void setMatrices(std::optional<DistortionSpec> rows, std::optional<DistortionSpec> columns);
    // Opens the editor for the rows' (0) or columns' (1) attribute.
    void editMatrix(int which);

private:
    // The constructor's parts.
    void buildChoices();
    void buildTools();
    void buildTable();
    void buildLayout();
    void connectControls();
    // showTable's steps.
    void showRow(int i, const VerticalVerdict& v, const VerticalReport& r);
    void showStatus(const WithoutPFrame& f, int safe, std::size_t measures);
    void fillAttributes();
    void fillPresent(QComboBox* present, const QString& attribute, const std::string& chosen);
    void syncFromState();
    void pushChoices();
    void recompute();
    void showTable();
    void showHelp();

    AnalysisState* m_state;
    Workspace* m_workspace;
    MeasureSurfaceChart* m_chart;
    QComboBox* m_first;
    QComboBox* m_firstPresent;
    QComboBox* m_second;
    QComboBox* m_secondPresent;
    QComboBox* m_measure;
    QToolButton* m_help;
    QToolButton* m_matrices;
    std::optional<DistortionSpec> m_firstMatrix, m_secondMatrix;
    std::string m_matrixFirst, m_matrixSecond; // the attributes the matrices belong to
    QTableWidget* m_table;
    QLabel* m_status;
    std::shared_ptr<const WithoutPFrame> m_frame;
    bool m_syncing = false;
};

} // namespace rr::ui
