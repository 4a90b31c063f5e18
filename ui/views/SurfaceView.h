#pragma once
#include "core/risk/RandomizationMode.h"
#include "ui/views/AnalysisView.h"

#include <memory>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QStackedWidget;
class QToolButton;

namespace rr {
struct SurfaceFrame;
} // namespace rr

namespace rr::ui {

class AnalysisState;
class SurfaceChart;
class Surface3D;
class Workspace;
struct PageContext;

// View 3: the risk surface over two chosen parameters; click to set both. Optional 3D view.
class SurfaceView : public AnalysisView {
    Q_OBJECT
public:
    SurfaceView(AnalysisState* state, Workspace* workspace, QWidget* parent = nullptr);
    ChartView* chartView() const override;
    SurfaceChart* chart() const { return m_chart; }
    Surface3D* surface3D() const { return m_3d; } // null until the 3D view is first shown
    QComboBox* xBox() const { return m_xBox; }
    QComboBox* yBox() const { return m_yBox; }
    // Sets the parameters a click on the heat map points at (one undo step), in `mode` (the current one
    // when not given). A p the mode does not randomize is left as it is and pickOutsideMode says so:
    // a click never changes the mode.
    void pick(double px, double py);
    void pickInMode(double px, double py, RandomizationMode mode);

    // The window's page (ViewDescriptor::create): a click outside the mode says so in the info bar.
    static QWidget* create(const PageContext& context);
    // The workspace computes the surface only while its page is shown, or for the report.
    void setCurrent(bool current) override;
    void prepareReport() override;

signals:
    // A click set only the p the mode randomizes (or none): `text` says which and why.
    void pickOutsideMode(const QString& text, double px, double py);

private:
    // The constructor's parts.
    QHBoxLayout* buildControls();
    void connectControls();
    void fillAttributes();
    void syncFromState();
    void pushChoices();
    void updateCurrentPoint();
    void toggle3D(bool on);

    AnalysisState* m_state;
    Workspace* m_workspace;
    SurfaceChart* m_chart;
    Surface3D* m_3d = nullptr;
    QStackedWidget* m_stack;
    QComboBox* m_xBox;
    QComboBox* m_yBox;
    QComboBox* m_target;
    QLabel* m_status;
    QToolButton* m_3dButton = nullptr;
    bool m_syncing = false;
};

} // namespace rr::ui
