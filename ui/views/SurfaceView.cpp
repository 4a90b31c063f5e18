#include "ui/views/SurfaceView.h"

#include "core/analysis/Retention.h"
#include "ui/charts/ChartStyle.h"
#include "ui/charts/Surface3D.h"
#include "ui/charts/SurfaceChart.h"
#include "ui/document/Workspace.h"
#include "ui/mainwindow/InfoBar.h"
#include "ui/views/PageContext.h"
#include "ui/session/ViewResolution.h"
#include "ui/views/AttributeChoices.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>
#include <map>

namespace rr::ui {

QWidget* SurfaceView::create(const PageContext& context)
{
    auto* page = new SurfaceView(&context.state, &context.workspace);
    // A click on the surface never changes the mode; when it could not set a p, the strip says so and offers
    // RR-Both.
    connect(page, &SurfaceView::pickOutsideMode, page, [page, info = &context.info](const QString& text, double px,
                                                                                    double py) {
        info->showMessage(text.toHtmlEscaped(), InfoBar::Kind::Info);
        info->addAction(tr("Switch to RR-Both and set both p"),
                        [page, px, py]() { page->pickInMode(px, py, RandomizationMode::Both); });
    });
    return page;
}

void SurfaceView::setCurrent(bool current)
{
    m_workspace->setSurfaceShown(current);
}

void SurfaceView::prepareReport()
{
    m_workspace->setSurfaceShown(true); // the report shows the current surface even when its page is hidden
    AnalysisView::prepareReport();
}

SurfaceView::SurfaceView(AnalysisState* state, Workspace* workspace, QWidget* parent)
    : AnalysisView(parent), m_state(state), m_workspace(workspace)
{
    QHBoxLayout* controls = buildControls();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    // its own row, the page's width: beside the controls a narrow window squeezed it to a word a line
    layout->addWidget(m_status);
    layout->addWidget(m_stack, 1);

    connectControls();
}

// The chart, the two attributes on the axes, what is shown (and 3D where built with it).
QHBoxLayout* SurfaceView::buildControls()
{
    m_chart = new SurfaceChart;
    m_xBox = new QComboBox;
    m_xBox->setObjectName("surfaceX");
    m_yBox = new QComboBox;
    m_yBox->setObjectName("surfaceY");
    for (QComboBox* box : {m_xBox, m_yBox}) // filled after the first show: keep the names whole
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_target = new QComboBox;
    m_target->setObjectName("surfaceTarget");
    m_target->addItem(tr("max risk over records"));
    m_target->addItem(tr("risk of a selected record"));
    m_target->setToolTip(tr("Select a record in the Risk view's table of riskiest records"));
    m_status = new QLabel;
    m_status->setWordWrap(true);
    m_stack = new QStackedWidget;
    m_stack->addWidget(m_chart);

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("x: p of")));
    controls->addWidget(m_xBox);
    controls->addWidget(new QLabel(tr("y: p of")));
    controls->addWidget(m_yBox);
    controls->addSpacing(12);
    controls->addWidget(new QLabel(tr("Show:")));
    // the attributes' names keep their width; this one takes what is left (its list shows it whole)
    m_target->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_target->setMinimumContentsLength(12);
    controls->addWidget(m_target, 1);
#ifdef RR_HAVE_DATAVIS
    m_3dButton = new QToolButton;
    m_3dButton->setText(tr("3D"));
    m_3dButton->setCheckable(true);
    m_3dButton->setToolTip(tr("Show the same grid as a 3D surface (Qt Data Visualization)"));
    controls->addWidget(m_3dButton);
    connect(m_3dButton, &QToolButton::toggled, this, &SurfaceView::toggle3D);
#endif
    return controls;
}

// The choices to the state; a click on the map sets both p; p and new grids redraw.
void SurfaceView::connectControls()
{
    for (QComboBox* box : {m_xBox, m_yBox, m_target})
        connect(box, &QComboBox::activated, this, &SurfaceView::pushChoices);
    connect(m_chart, &SurfaceChart::pointClicked, this, &SurfaceView::pick);
    connect(m_state, &AnalysisState::viewChanged, this, &SurfaceView::syncFromState);
    connect(m_state, &AnalysisState::parametersChanged, this, [this]() {
        m_chart->setTau(m_state->tau());
        if (m_3d)
            m_3d->setTau(m_state->tau());
        updateCurrentPoint();
    });
    // A new analysis recomputes the grid whenever it is shown (Workspace), so no old grid is seen.
    connect(m_workspace, &Workspace::analysisReady, this, &SurfaceView::fillAttributes);
    connect(m_workspace, &Workspace::surfaceUpdated, this, [this](std::shared_ptr<const SurfaceFrame> r) {
        m_chart->setData(r, m_state->tau());
        if (m_3d)
            m_3d->setData(r, m_state->tau(), m_chart->fullTitle());
        updateCurrentPoint();
        m_status->setText(
            tr("41\u00D7" "41 grid in %1 ms. Click the map or use the arrow keys to set both p.").arg(r->seconds * 1000, 0, 'f', 1));
    });
}

ChartView* SurfaceView::chartView() const
{
    return m_chart;
}

void SurfaceView::fillAttributes()
{
    const auto a = m_workspace->analysis();
    m_syncing = true;
    const std::vector<std::string> names = a ? a->names : std::vector<std::string>{};
    fillAttributeBox(m_xBox, names);
    fillAttributeBox(m_yBox, names);
    m_syncing = false;
    syncFromState();
}

void SurfaceView::syncFromState()
{
    const auto a = m_workspace->analysis();
    if (!a)
        return;
    m_syncing = true;
    const ResolvedView v = resolveView(*a, m_state->view());
    m_xBox->setCurrentIndex(v.surfaceX);
    m_yBox->setCurrentIndex(v.surfaceY);
    // The record item names the selected record of this analysis; without one it cannot be chosen.
    ViewChoices probe = m_state->view();
    probe.surfaceSelectedRecord = true;
    const bool hasRecord = resolveView(*a, probe).surfaceCell.has_value();
    QStringList values;
    for (const std::string& value : m_state->view().selectedRecord)
        values << QString::fromStdString(value);
    m_target->setItemText(1, hasRecord ? tr("risk of record (%1)").arg(values.join(", "))
                                       : tr("risk of a selected record (select one in the Risk view)"));
    if (auto* model = qobject_cast<QStandardItemModel*>(m_target->model()))
        model->item(1)->setEnabled(hasRecord);
    m_target->setCurrentIndex(v.surfaceCell ? 1 : 0);
    if (m_state->view().surfaceSelectedRecord && !v.surfaceCell)
        m_status->setText(tr("Select a record in the Risk view; showing max risk meanwhile."));
    m_syncing = false;
}

void SurfaceView::pushChoices()
{
    if (m_syncing)
        return;
    ViewChoices v = m_state->view();
    const std::string x = m_xBox->currentData().toString().toStdString();
    std::string y = m_yBox->currentData().toString().toStdString();
    if (x == y) { // keep two different axes: swap with the previous x
        y = v.surfaceX.empty() || v.surfaceX == x ? v.surfaceY : v.surfaceX;
    }
    v.surfaceX = x;
    v.surfaceY = y;
    v.surfaceSelectedRecord = m_target->currentIndex() == 1;
    m_state->setView(v);
    syncFromState();
}

void SurfaceView::pick(double px, double py)
{
    pickInMode(px, py, m_state->mode());
}

void SurfaceView::pickInMode(double px, double py, RandomizationMode mode)
{
    const auto a = m_workspace->analysis();
    const auto r = m_chart->data();
    if (!a || !r)
        return;
    std::map<std::string, double> values;
    QStringList left; // the p the mode keeps at 1
    for (const auto& [axis, p] : {std::pair{r->surface.xAttribute, px}, std::pair{r->surface.yAttribute, py}}) {
        const auto k = static_cast<std::size_t>(axis);
        if (isRandomized(mode, axis, a->axisCount()))
            values[a->names[k]] = clampRetention(a->dims[k], std::round(p * 1000) / 1000);
        else
            left << QString::fromStdString(a->names[k]);
    }
    if (!values.empty()) { // one undo step, with the mode when RR-Both was asked for
        m_state->undoStack()->beginMacro(tr("Pick p on the risk surface"));
        m_state->setMode(mode);
        m_state->setRetentions(values, tr("Pick p on the risk surface"));
        m_state->undoStack()->endMacro();
    }
    if (!left.isEmpty())
        emit pickOutsideMode(tr("%1 does not randomize %2: the click left p(%3) unchanged%4. RR-Both randomizes "
                                "every attribute.")
                                 .arg(style::modeName(mode), left.join(tr(" and ")), left.join(tr("), p(")),
                                      values.empty() ? QString() : tr(" and set only the other p")),
                             px, py);
}

void SurfaceView::updateCurrentPoint()
{
    const auto r = m_chart->data();
    const auto p = m_workspace->effectiveP();
    if (!r || p.empty())
        return;
    const auto ax = static_cast<std::size_t>(r->surface.xAttribute),
               ay = static_cast<std::size_t>(r->surface.yAttribute);
    if (ax < p.size() && ay < p.size()) {
        m_chart->setCurrentPoint(p[ax], p[ay]);
        if (m_3d)
            m_3d->setCurrentPoint(p[ax], p[ay], m_chart->valueAt(p[ax], p[ay]));
    }
}

void SurfaceView::toggle3D(bool on)
{
#ifdef RR_HAVE_DATAVIS
    if (on && !m_3d) {
        m_3d = new Surface3D;
        m_stack->addWidget(m_3d);
        if (const auto r = m_chart->data()) {
            m_3d->setData(r, m_state->tau(), m_chart->fullTitle());
            updateCurrentPoint();
        }
    }
    if (m_3d)
        m_stack->setCurrentWidget(on ? static_cast<QWidget*>(m_3d) : m_chart);
#else
    Q_UNUSED(on);
#endif
}

} // namespace rr::ui
