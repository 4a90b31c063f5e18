#include "ui/charts/Surface3D.h"

#include "core/analysis/SurfaceFrame.h"
#include "ui/charts/ChartStyle.h"
#include "ui/charts/Contour.h"

#include <QLabel>
#include <QVBoxLayout>

#ifdef RR_HAVE_DATAVIS
#include <QtDataVisualization/Q3DCamera>
#include <QtDataVisualization/Q3DScene>
#include <QtDataVisualization/Q3DSurface>
#include <QtDataVisualization/Q3DTheme>
#include <QtDataVisualization/QCustom3DItem>
#include <QtDataVisualization/QSurface3DSeries>
#include <QtDataVisualization/QSurfaceDataProxy>
#include <QtDataVisualization/QValue3DAxis>
#endif

#include <algorithm>

namespace rr::ui {
namespace {
constexpr int kMaxContourDots = 90; // spheres along the contour: enough to read it, few to draw
} // namespace

#ifdef RR_HAVE_DATAVIS
struct Surface3D::Impl {
    Q3DSurface* graph = nullptr;
    QSurface3DSeries* series = nullptr;
    QList<QCustom3DItem*> items; // contour dots and the current point, owned by the graph
};
#else
struct Surface3D::Impl {};
#endif

Surface3D::Surface3D(QWidget* parent) : QWidget(parent), m_impl(new Impl)
{
    m_title = new QLabel;
    m_title->setObjectName("surface3dTitle");
    m_title->setWordWrap(true);
    m_title->setAlignment(Qt::AlignHCenter);
    QFont titleFont = font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(m_title);
#ifndef RR_HAVE_DATAVIS
    layout->addWidget(new QLabel(tr("This build has no Qt Data Visualization: the 3D view is unavailable.")), 1);
#endif
    setMinimumSize(360, 260);
}

void Surface3D::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    createGraph();
}

void Surface3D::createGraph()
{
#ifdef RR_HAVE_DATAVIS
    if (m_impl->graph)
        return;
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
    static_cast<QVBoxLayout*>(layout())->addWidget(container, 1);
    updateGraph();
    updateOverlay();
#endif
}

Surface3D::~Surface3D()
{
    delete m_impl;
}

QString Surface3D::title() const
{
    return m_title->text();
}

void Surface3D::setData(std::shared_ptr<const SurfaceFrame> data, double tau, const QString& title)
{
    m_data = std::move(data);
    m_tau = tau;
    m_heading = title;
    m_current.clear();
    updateGraph();
    updateOverlay();
}

void Surface3D::updateGraph()
{
#ifdef RR_HAVE_DATAVIS
    if (!m_impl->graph || !m_data)
        return;
    const SurfaceFrame& r = *m_data;
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
    // The risk axis from 0 and up to tau, so the contour's level is on it.
    m_impl->graph->axisY()->setRange(0.0f, static_cast<float>(std::max({s.maxRisk(), m_tau, 0.05}) * 1.05));
#endif
}

void Surface3D::setTau(double tau)
{
    if (tau == m_tau)
        return;
    m_tau = tau;
#ifdef RR_HAVE_DATAVIS
    if (m_impl->graph && m_data && tau * 1.05 > m_impl->graph->axisY()->max())
        m_impl->graph->axisY()->setMax(static_cast<float>(tau * 1.05));
#endif
    updateOverlay();
}

void Surface3D::setCurrentPoint(double px, double py, double risk)
{
    m_current = {QVector3D(static_cast<float>(px), static_cast<float>(risk), static_cast<float>(py))};
    updateOverlay();
}

void Surface3D::updateOverlay()
{
    // The tau contour of the same grid as the 2D map, at height tau, as a dotted line.
    m_contour.clear();
    if (m_data) {
        const auto lines = isoLines(m_data->surface.risk, m_data->surface.px, m_data->surface.py, m_tau);
        std::size_t total = 0;
        for (const Polyline& l : lines)
            total += l.size();
        const std::size_t step = std::max<std::size_t>(1, (total + kMaxContourDots - 1) / kMaxContourDots);
        for (const Polyline& l : lines)
            for (std::size_t i = 0; i < l.size(); i += step)
                m_contour << QVector3D(static_cast<float>(l[i].first), static_cast<float>(m_tau),
                                       static_cast<float>(l[i].second));
    }
    QString caption = m_contour.isEmpty() ? tr("risk = \u03C4 = %1 is not reached on this grid").arg(m_tau, 0, 'f', 3)
                                          : tr("white dots: contour risk = \u03C4 = %1").arg(m_tau, 0, 'f', 3);
    if (!m_current.isEmpty())
        caption += tr("; orange ball: current p (risk \u2248 %1 from the grid)").arg(m_current.front().y(), 0, 'f', 3);
    m_title->setText(m_heading.isEmpty() ? caption : m_heading + QLatin1Char('\n') + caption);
#ifdef RR_HAVE_DATAVIS
    if (!m_impl->graph)
        return;
    for (QCustom3DItem* item : m_impl->items)
        m_impl->graph->removeCustomItem(item); // deletes it
    m_impl->items.clear();
    auto add = [this](const QVector3D& at, float size, const QColor& color) {
        QImage texture(2, 2, QImage::Format_RGB32);
        texture.fill(color);
        auto* item = new QCustom3DItem(QStringLiteral(":/defaultMeshes/sphereSmooth"), at, QVector3D(size, size, size),
                                       QQuaternion(), texture);
        item->setShadowCasting(false);
        m_impl->graph->addCustomItem(item);
        m_impl->items << item;
    };
    for (const QVector3D& v : m_contour)
        add(v, 0.018f, Qt::white);
    for (const QVector3D& v : m_current)
        add(v, 0.11f, QColor(0xD5, 0x5E, 0x00));
#endif
}

} // namespace rr::ui
