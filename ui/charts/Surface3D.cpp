#include "ui/charts/Surface3D.h"

#include "ui/charts/ChartStyle.h"
#include "core/analysis/SurfaceFrame.h"

#include <QVBoxLayout>

#ifdef RR_HAVE_DATAVIS
#include <QtDataVisualization/Q3DCamera>
#include <QtDataVisualization/Q3DScene>
#include <QtDataVisualization/Q3DSurface>
#include <QtDataVisualization/Q3DTheme>
#include <QtDataVisualization/QSurface3DSeries>
#include <QtDataVisualization/QSurfaceDataProxy>
#include <QtDataVisualization/QValue3DAxis>
#else
#include <QLabel>
#endif

namespace rr::ui {

#ifdef RR_HAVE_DATAVIS
struct Surface3D::Impl {
    Q3DSurface* graph = nullptr;
    QSurface3DSeries* series = nullptr;
};

Surface3D::Surface3D(QWidget* parent) : QWidget(parent), m_impl(new Impl)
{
    m_impl->graph = new Q3DSurface;
    m_impl->series = new QSurface3DSeries;
    m_impl->series->setDrawMode(QSurface3DSeries::DrawSurfaceAndWireframe);
    m_impl->series->setFlatShadingEnabled(false);
    m_impl->series->setBaseGradient(style::viridisGradient());
    m_impl->series->setColorStyle(Q3DTheme::ColorStyleRangeGradient);
    m_impl->graph->addSeries(m_impl->series);
    m_impl->graph->setShadowQuality(QAbstract3DGraph::ShadowQualityNone); // software OpenGL stays fluid
    Q3DTheme* theme = m_impl->graph->activeTheme();
    theme->setType(Q3DTheme::ThemeQt);
    QFont labels = font();
    labels.setPointSize(32); // rendered into textures, then scaled down with the scene
    theme->setFont(labels);
    theme->setLabelBackgroundEnabled(false);
    m_impl->graph->scene()->activeCamera()->setCameraPreset(Q3DCamera::CameraPresetIsometricRightHigh);
    m_impl->graph->scene()->activeCamera()->setZoomLevel(85);
    m_impl->graph->axisY()->setTitle(tr("risk"));
    for (QValue3DAxis* axis : {m_impl->graph->axisX(), m_impl->graph->axisY(), m_impl->graph->axisZ()}) {
        axis->setTitleVisible(true);
        axis->setLabelFormat("%.1f");
        axis->setLabelAutoRotation(60);
        axis->setSegmentCount(5);
    }
    auto* container = QWidget::createWindowContainer(m_impl->graph, this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(container);
    setMinimumSize(360, 260);
}

Surface3D::~Surface3D()
{
    delete m_impl;
}

void Surface3D::setData(const SurfaceFrame& r)
{
    const RiskSurface& s = r.surface;
    auto* rows = new QSurfaceDataArray;
    rows->reserve(static_cast<int>(s.py.size()));
    for (std::size_t iy = 0; iy < s.py.size(); ++iy) {
        auto* row = new QSurfaceDataRow(static_cast<int>(s.px.size()));
        for (std::size_t ix = 0; ix < s.px.size(); ++ix)
            (*row)[static_cast<int>(ix)].setPosition(
                QVector3D(static_cast<float>(s.px[ix]),
                          static_cast<float>(s.risk(static_cast<Eigen::Index>(iy), static_cast<Eigen::Index>(ix))),
                          static_cast<float>(s.py[iy])));
        rows->append(row);
    }
    m_impl->series->dataProxy()->resetArray(rows);
    m_impl->graph->axisX()->setTitle(tr("p of %1").arg(QString::fromStdString(r.xName)));
    m_impl->graph->axisZ()->setTitle(tr("p of %1").arg(QString::fromStdString(r.yName)));
    m_impl->graph->axisX()->setRange(static_cast<float>(s.px.front()), 1.0f);
    m_impl->graph->axisZ()->setRange(static_cast<float>(s.py.front()), 1.0f);
}
#else
Surface3D::Surface3D(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("This build has no Qt Data Visualization: the 3D view is unavailable.")));
}

Surface3D::~Surface3D() = default;
void Surface3D::setData(const SurfaceFrame&) {}
#endif

} // namespace rr::ui
