#include "ui/withoutp/MeasureSurfaceChart.h"

#include "ui/charts/ChartStyle.h"
#include "ui/charts/HeatMap.h"

#include <QColorAxis>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace rr::ui {

QColor divergingColor(double t)
{
    t = std::clamp(t, 0.0, 1.0);
    const QColor blue(33, 102, 172), white(247, 247, 247), red(178, 24, 43);
    const QColor& a = t < 0.5 ? blue : white;
    const QColor& b = t < 0.5 ? white : red;
    const double s = t < 0.5 ? t * 2 : (t - 0.5) * 2;
    return QColor::fromRgbF(static_cast<float>(a.redF() + s * (b.redF() - a.redF())),
                            static_cast<float>(a.greenF() + s * (b.greenF() - a.greenF())),
                            static_cast<float>(a.blueF() + s * (b.blueF() - a.blueF())));
}

MeasureSurfaceChart::MeasureSurfaceChart(QWidget* parent) : ChartView("withoutp", parent)
{
    setAccessibleName(tr("Measure surface chart"));
    auto* chart = new QChart;
    style::setUpChart(chart, tr("Measure on the randomized table"));
    m_x = addHeatMapAxis(chart, tr("p (first)"), "%.1f", Qt::AlignBottom);
    m_y = addHeatMapAxis(chart, tr("p (second)"), "%.1f", Qt::AlignLeft);
    m_current = addCurrentPointMarker(chart, QColor(0xE6, 0x9F, 0x00), Qt::black);
    m_current->attachAxis(m_x);
    m_current->attachAxis(m_y);
    m_color = new QColorAxis;
    QLinearGradient g;
    for (int i = 0; i <= 10; ++i)
        g.setColorAt(i / 10.0, divergingColor(i / 10.0));
    m_color->setGradient(g);
    m_color->setAutoRange(false);
    m_color->setRange(-1, 1);
    m_color->setTickCount(3); // -h, 0, h: short labels in a narrow chart
    m_color->setSize(10); // at 14 Qt gives the labels too little room and cuts "−0.085" at 1024 x 700
    m_color->setTitleText(tr("randomized \u2212 original"));
    chart->addAxis(m_color, Qt::AlignRight);
    m_current->attachAxis(m_color);
    m_heat = std::make_unique<HeatMapLayer>(chart);
    m_contours = std::make_unique<ContourLines>(chart, m_x, m_y, QPen(Qt::black, 2.2, Qt::DashLine));
    installChart(chart);
    setMinimumSize(420, 360);
    connect(chart, &QChart::plotAreaChanged, this, [this](const QRectF&) { m_heat->place(devicePixelRatioF()); });
}

double MeasureSurfaceChart::strength(const MeasureValue& v) const
{
    return v.defined ? boundQuantity(m_frame->surface.form, v.value) : 0.0;
}

void MeasureSurfaceChart::setData(std::shared_ptr<const WithoutPFrame> frame)
{
    m_frame = std::move(frame);
    if (!m_frame)
        return;
    const MeasureSurface& s = m_frame->surface;
    style::setRange(m_x, s.pFirst.front(), s.pFirst.back());
    style::setRange(m_y, s.pSecond.front(), s.pSecond.back());
    style::setAxisTitle(m_x, tr("p of %1 (d = %2)").arg(QString::fromStdString(m_frame->first)).arg(m_frame->dFirst));
    style::setAxisTitle(m_y, tr("p of %1 (d = %2)").arg(QString::fromStdString(m_frame->second)).arg(m_frame->dSecond));
    m_half = 0;
    const double base = strength(s.original);
    if (s.original.defined)
        for (const MeasureValue& v : s.values)
            if (v.defined)
                m_half = std::max(m_half, std::abs(strength(v) - base));
    if (m_half <= 0)
        m_half = 1;
    const double decade = std::pow(10.0, std::floor(std::log10(m_half)) - 1); // two significant digits
    m_half = std::ceil(m_half / decade) * decade;
    // Change only what changed, as SurfaceChart does: each change lays the chart out again.
    if (m_color->min() != -m_half || m_color->max() != m_half)
        m_color->setRange(-m_half, m_half);
    const QString colorTitle = s.form == BoundForm::Value       ? tr("randomized − original")
                               : s.form == BoundForm::Magnitude ? tr("|randomized| − |original|")
                                                                : tr("|randomized − 1| − |original − 1|");
    if (m_color->titleText() != colorTitle)
        m_color->setTitleText(colorTitle);
    const QString label = QString::fromUtf8(measureInfo(s.measure).label.data(),
                                            static_cast<qsizetype>(measureInfo(s.measure).label.size()));
    const QString original = s.original.defined ? QString::number(s.original.value, 'g', 3)
                                                : tr("undefined: %1").arg(QString::fromStdString(s.original.reason));
    style::setTitle(chart(), tr("%1 randomized (original %2)").arg(label, original));
    m_current->replace(QList<QPointF>{{m_frame->pFirst, m_frame->pSecond}});
    renderHeatMap();
    updateContours();
    markDrawn();
}

int MeasureSurfaceChart::contourCount() const
{
    const QList<QLineSeries*>& series = m_contours->series();
    return static_cast<int>(
        std::count_if(series.begin(), series.end(), [](QLineSeries* s) { return s->isVisible() && s->count() > 0; }));
}

QPointF MeasureSurfaceChart::currentPoint() const
{
    return m_current->count() ? m_current->at(0) : QPointF(-1, -1);
}

void MeasureSurfaceChart::renderHeatMap()
{
    const MeasureSurface& s = m_frame->surface;
    const int nx = static_cast<int>(s.pFirst.size()), ny = static_cast<int>(s.pSecond.size());
    QImage image(nx, ny, QImage::Format_RGB32);
    for (int ix = 0; ix < nx; ++ix)
        for (int iy = 0; iy < ny; ++iy) {
            const MeasureValue& v = s.values[static_cast<std::size_t>(ix * ny + iy)];
            const QColor c = v.defined && s.original.defined
                                 ? divergingColor(0.5 + 0.5 * (strength(v) - strength(s.original)) / m_half)
                                 : QColor(190, 190, 190); // undefined: grey
            image.setPixel(ix, ny - 1 - iy, c.rgb());
        }
    m_heat->setGrid(image);
    m_heat->place(devicePixelRatioF());
}

void MeasureSurfaceChart::updateContours()
{
    const MeasureSurface& s = m_frame->surface;
    std::vector<Polyline> lines;
    if (s.original.defined) {
        const int nx = static_cast<int>(s.pFirst.size()), ny = static_cast<int>(s.pSecond.size());
        Eigen::MatrixXd grid(ny, nx);
        for (int ix = 0; ix < nx; ++ix)
            for (int iy = 0; iy < ny; ++iy) {
                const MeasureValue& v = s.values[static_cast<std::size_t>(ix * ny + iy)];
                // an undefined point takes the original's value: no contour is drawn through it
                grid(iy, ix) = strength(v.defined ? v : s.original);
            }
        lines = isoLines(grid, s.pFirst, s.pSecond, strength(s.original));
    }
    m_contours->setLines(lines);
    style::setName(m_contours->first(),
                   s.aboveOriginal > 0 ? tr("randomized = original") : tr("randomized = original (never above)"));
}

void MeasureSurfaceChart::resizeEvent(QResizeEvent* event)
{
    ChartView::resizeEvent(event);
    m_heat->place(devicePixelRatioF());
}

} // namespace rr::ui
