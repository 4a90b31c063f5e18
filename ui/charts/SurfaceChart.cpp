#include "ui/charts/SurfaceChart.h"

#include "ui/charts/ChartStyle.h"
#include "ui/charts/HeatMap.h"

#include <QColorAxis>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLineSeries>
#include <QMouseEvent>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace rr::ui {

SurfaceChart::SurfaceChart(QWidget* parent) : ChartView("surface", parent)
{
    auto* chart = new QChart;
    style::setUpChart(chart, tr("Risk surface"));
    m_x = addHeatMapAxis(chart, tr("p (x)"), "%.2f", Qt::AlignBottom);
    m_y = addHeatMapAxis(chart, tr("p (y)"), "%.2f", Qt::AlignLeft);
    m_current = addCurrentPointMarker(chart, QColor(0xD5, 0x5E, 0x00), Qt::white);
    m_current->attachAxis(m_x);
    m_current->attachAxis(m_y);
    m_color = new QColorAxis;
    m_color->setGradient(style::viridisGradient());
    m_color->setAutoRange(false);
    m_color->setRange(0, 1);
    m_color->setTickCount(6);
    m_color->setSize(14);
    m_color->setTitleText(tr("risk"));
    chart->addAxis(m_color, Qt::AlignRight);
    m_current->attachAxis(m_color);
    m_heat = std::make_unique<HeatMapLayer>(chart);
    m_contours = std::make_unique<ContourLines>(chart, m_x, m_y, QPen(Qt::white, 2.6, Qt::DashLine), true);
    m_readOutBox = new QGraphicsRectItem(chart); // a light box: readable on any colour of the map
    m_readOutBox->setZValue(20);                 // above the series
    m_readOutBox->setBrush(QColor(255, 255, 255, 225));
    m_readOutBox->setPen(QPen(QColor(0x70, 0x70, 0x70), 1));
    m_readOutBox->setVisible(false);
    m_readOutItem = new QGraphicsSimpleTextItem(m_readOutBox);
    installChart(chart);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus); // the arrow keys move the point
    setAccessibleName(tr("Risk surface"));
    setAccessibleDescription(tr("Click or use the arrow keys to set the two retention probabilities"));
    connect(chart, &QChart::plotAreaChanged, this, [this](const QRectF&) {
        m_heat->place(devicePixelRatioF());
        setReadOut(m_readOut);
    });
}

void SurfaceChart::setData(std::shared_ptr<const SurfaceFrame> data, double tau)
{
    m_data = std::move(data);
    m_tau = tau;
    if (!m_data)
        return;
    const RiskSurface& s = m_data->surface;
    style::setRange(m_x, s.px.front(), s.px.back());
    style::setRange(m_y, s.py.front(), s.py.back());
    const auto dx = static_cast<int>(std::lround(1.0 / s.px.front()));
    const auto dy = static_cast<int>(std::lround(1.0 / s.py.front()));
    style::setAxisTitle(
        m_x, tr("retention probability p of %1 (d = %2, from 1/d)").arg(QString::fromStdString(m_data->xName)).arg(dx));
    style::setAxisTitle(m_y, tr("p of %1 (d = %2)").arg(QString::fromStdString(m_data->yName)).arg(dy));
    // A readable colour scale: tenths around the grid's range.
    const double lo = std::floor(s.minRisk() * 10.0) / 10.0;
    const double hi = std::max(lo + 0.1, std::ceil(s.maxRisk() * 10.0 - 1e-9) / 10.0);
    const int tenths = static_cast<int>(std::lround((hi - lo) * 10.0));
    if (m_color->min() != lo || m_color->max() != hi) {
        m_color->setRange(lo, hi);
        m_color->setTickCount(tenths <= 5 ? tenths * 2 + 1 : tenths % 2 == 0 ? tenths / 2 + 1 : tenths + 1);
    }
    const QString colorTitle = m_data->cell ? tr("Pr(S\u1D63|QI\u1D63)") : tr("max risk");
    if (m_color->titleText() != colorTitle)
        m_color->setTitleText(colorTitle);
    // Shorter than the title the chart cut (issue 11); layOutTitle() fits it to the width.
    m_titleAxes = tr(", by p of %1 (x) and %2 (y)")
                      .arg(QString::fromStdString(m_data->xName), QString::fromStdString(m_data->yName));
    m_fullTitle = (m_data->cell ? tr("Risk of the record (%1)").arg(QString::fromStdString(m_data->cellLabel))
                                : tr("Max risk over records")) +
                  m_titleAxes + tr("; 41\u00D7" "41 grid, other p fixed");
    layOutTitle();
    renderHeatMap();
    updateContours();
    markDrawn();
}

void SurfaceChart::setTau(double tau)
{
    if (tau == m_tau)
        return;
    m_tau = tau;
    updateContours();
}

void SurfaceChart::setCurrentPoint(double px, double py)
{
    m_current->replace(QList<QPointF>{{px, py}});
}

QPointF SurfaceChart::currentPoint() const
{
    return m_current->count() ? m_current->at(0) : QPointF(-1, -1);
}

int SurfaceChart::contourCount() const
{
    const QList<QLineSeries*>& series = m_contours->series(); // none before the first data
    return static_cast<int>(std::count_if(series.begin(), series.end(), [](QLineSeries* s) { return s->isVisible(); }));
}

double SurfaceChart::valueAt(double px, double py) const
{
    if (!m_data)
        return 0;
    const RiskSurface& s = m_data->surface;
    const int n = static_cast<int>(s.px.size()), m = static_cast<int>(s.py.size());
    auto locate = [](const std::vector<double>& g, double v, int count, int* i, double* t) {
        const double f = std::clamp((v - g.front()) / (g.back() - g.front()), 0.0, 1.0) * (count - 1);
        *i = std::min(static_cast<int>(f), count - 2);
        *t = f - *i;
    };
    int ix = 0, iy = 0;
    double tx = 0, ty = 0;
    locate(s.px, px, n, &ix, &tx);
    locate(s.py, py, m, &iy, &ty);
    const auto& r = s.risk;
    return (1 - ty) * ((1 - tx) * r(iy, ix) + tx * r(iy, ix + 1)) +
           ty * ((1 - tx) * r(iy + 1, ix) + tx * r(iy + 1, ix + 1));
}

void SurfaceChart::layOutTitle()
{
    if (!m_data)
        return;
    // Plain text (exports keep it as one string): the record's label gives way first, then the rest.
    const QFontMetrics metrics(chart()->titleFont());
    const int width = std::max(80, static_cast<int>(chart()->size().width()) - 40);
    QString title = tr("Max risk over records") + m_titleAxes;
    if (m_data->cell) {
        const QString frame = tr("Risk of the record (%1)");
        const int room = width - metrics.horizontalAdvance(frame.arg(QString()) + m_titleAxes);
        title = frame.arg(metrics.elidedText(QString::fromStdString(m_data->cellLabel), Qt::ElideRight,
                                             std::max(room, metrics.horizontalAdvance(QStringLiteral("W\u2026"))))) +
                m_titleAxes;
    }
    style::setTitle(chart(), metrics.elidedText(title, Qt::ElideRight, width));
    setToolTip(m_fullTitle); // over the title only (event()): the whole text with the grid's size
}

QString SurfaceChart::readOutAt(double px, double py) const
{
    if (!m_data)
        return {};
    // The grid point nearest the mouse and its value as computed (no interpolation, no recomputation).
    const RiskSurface& s = m_data->surface;
    auto nearest = [](const std::vector<double>& g, double v) {
        const auto it =
            std::min_element(g.begin(), g.end(), [v](double a, double b) { return std::abs(a - v) < std::abs(b - v); });
        return static_cast<Eigen::Index>(it - g.begin());
    };
    const Eigen::Index ix = nearest(s.px, px), iy = nearest(s.py, py);
    return tr("p(%1) = %2, p(%3) = %4: %5 %6")
        .arg(QString::fromStdString(m_data->xName))
        .arg(s.px[static_cast<std::size_t>(ix)], 0, 'f', 3)
        .arg(QString::fromStdString(m_data->yName))
        .arg(s.py[static_cast<std::size_t>(iy)], 0, 'f', 3)
        .arg(m_data->cell ? tr("risk") : tr("max risk"))
        .arg(s.risk(iy, ix), 0, 'f', 4);
}

void SurfaceChart::setReadOut(const QString& text)
{
    m_readOut = text;
    m_readOutItem->setText(text);
    m_readOutBox->setVisible(!text.isEmpty());
    const QRectF area = chart()->plotArea();
    const QRectF box = m_readOutItem->boundingRect().adjusted(-5, -3, 5, 3);
    m_readOutBox->setRect(QRectF(QPointF(0, 0), box.size()));
    m_readOutItem->setPos(5, 3);
    m_readOutBox->setPos(area.right() - box.width() - 6, area.top() + 6);
}

void SurfaceChart::renderHeatMap()
{
    if (!m_data) {
        m_heat->setGrid(QImage());
        return;
    }
    // One pixel per grid point, interpolated (bilinear) to the plot area's pixels by the layer.
    const RiskSurface& s = m_data->surface;
    const int nx = static_cast<int>(s.px.size()), ny = static_cast<int>(s.py.size());
    QImage image(nx, ny, QImage::Format_RGB32);
    const double lo = m_color->min(), span = std::max(m_color->max() - m_color->min(), 1e-12);
    for (int iy = 0; iy < ny; ++iy) {
        auto* line = reinterpret_cast<QRgb*>(image.scanLine(ny - 1 - iy)); // high p at the top
        for (int ix = 0; ix < nx; ++ix)
            line[ix] = style::viridis((s.risk(iy, ix) - lo) / span).rgb();
    }
    m_heat->setGrid(image);
    m_heat->place(devicePixelRatioF());
}

void SurfaceChart::updateContours()
{
    std::vector<Polyline> lines;
    if (m_data)
        lines = isoLines(m_data->surface.risk, m_data->surface.px, m_data->surface.py, m_tau);
    m_contours->setLines(lines);
    style::setName(m_contours->first(), lines.empty()
                                            ? tr("risk = \u03C4 = %1 (not reached on this grid)").arg(m_tau, 0, 'f', 3)
                                            : tr("contour risk = \u03C4 = %1").arg(m_tau, 0, 'f', 3));
}

bool SurfaceChart::valueAtPosition(const QPoint& pos, QPointF* value) const
{
    if (!m_data)
        return false;
    const QPointF chartPos = chart()->mapFromScene(mapToScene(pos));
    if (!chart()->plotArea().contains(chartPos))
        return false;
    *value = chart()->mapToValue(chartPos, m_current);
    return true;
}

void SurfaceChart::mousePressEvent(QMouseEvent* event)
{
    QPointF v;
    if (event->button() == Qt::LeftButton && valueAtPosition(event->pos(), &v)) {
        emit pointClicked(v.x(), v.y());
        event->accept();
        return;
    }
    ChartView::mousePressEvent(event);
}

void SurfaceChart::keyPressEvent(QKeyEvent* event)
{
    const int dx = event->key() == Qt::Key_Left ? -1 : event->key() == Qt::Key_Right ? 1 : 0;
    const int dy = event->key() == Qt::Key_Down ? -1 : event->key() == Qt::Key_Up ? 1 : 0;
    if (!m_data || (dx == 0 && dy == 0)) {
        ChartView::keyPressEvent(event);
        return;
    }
    // From the grid point nearest the current one, one step along the grid, kept on it.
    const auto step = [](const std::vector<double>& grid, double at, int by) {
        const auto nearest = std::min_element(grid.begin(), grid.end(), [at](double a, double b) {
            return std::abs(a - at) < std::abs(b - at);
        });
        const auto i = std::clamp<std::ptrdiff_t>(nearest - grid.begin() + by, 0, std::ssize(grid) - 1);
        return grid[static_cast<std::size_t>(i)];
    };
    const QPointF at = currentPoint();
    const QPointF to(step(m_data->surface.px, at.x(), dx), step(m_data->surface.py, at.y(), dy));
    setReadOut(readOutAt(to.x(), to.y()));
    if (to != at)
        emit pointClicked(to.x(), to.y());
    event->accept();
}

void SurfaceChart::mouseMoveEvent(QMouseEvent* event)
{
    QPointF v;
    setReadOut(valueAtPosition(event->pos(), &v) ? readOutAt(v.x(), v.y()) : QString());
    ChartView::mouseMoveEvent(event);
}

void SurfaceChart::leaveEvent(QEvent* event)
{
    setReadOut(QString());
    ChartView::leaveEvent(event);
}

bool SurfaceChart::event(QEvent* event)
{
    // The full title as a tooltip over the title only; the plot area has the read-out.
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QPointF chartPos = chart()->mapFromScene(mapToScene(help->pos()));
        if (toolTip().isEmpty() || chartPos.y() >= chart()->plotArea().top()) {
            QToolTip::hideText();
            event->ignore();
            return true;
        }
    }
    return ChartView::event(event);
}

void SurfaceChart::resizeEvent(QResizeEvent* event)
{
    ChartView::resizeEvent(event);
    m_heat->place(devicePixelRatioF());
    layOutTitle();
}

} // namespace rr::ui
