#include "ui/charts/FlowLegend.h"

#include <QChart>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPainter>
#include <QScatterSeries>
#include <QXYLegendMarker>

#include <algorithm>
#include <cmath>

namespace rr::ui {
namespace {

constexpr qreal kSwatch = 12;  // side of a swatch
constexpr qreal kGap = 5;      // swatch to label
constexpr qreal kSpacing = 16; // entry to entry
constexpr qreal kRowGap = 2;

// `text` broken at spaces into lines no wider than `width` (a word wider than that keeps its own line).
QString wrapped(const QString& text, const QFontMetricsF& fm, qreal width)
{
    if (fm.horizontalAdvance(text) <= width)
        return text;
    QStringList lines;
    QString line;
    for (const QString& word : text.split(' ', Qt::SkipEmptyParts)) {
        const QString candidate = line.isEmpty() ? word : line + ' ' + word;
        if (!line.isEmpty() && fm.horizontalAdvance(candidate) > width) {
            lines << line;
            line = word;
        } else {
            line = candidate;
        }
    }
    if (!line.isEmpty())
        lines << line;
    return lines.join('\n');
}

} // namespace

FlowLegend::FlowLegend(QChart* chart) : QGraphicsObject(chart), m_chart(chart), m_baseBottom(chart->margins().bottom())
{
    setParent(chart); // found by FlowLegend::of, deleted with the chart
    setZValue(6);
    QLegend* legend = chart->legend();
    // Qt's legend takes no room and draws nothing; its visibility still says whether a legend is wanted.
    legend->detachFromChart();
    legend->setGeometry(QRectF());
    legend->setOpacity(0.0);
    connect(chart, &QGraphicsWidget::geometryChanged, this, &FlowLegend::relayout);
    connect(legend, &QGraphicsObject::visibleChanged, this, &FlowLegend::scheduleRelayout);
}

FlowLegend* FlowLegend::of(const QChart* chart)
{
    return chart ? chart->findChild<FlowLegend*>(QString(), Qt::FindDirectChildrenOnly) : nullptr;
}

void FlowLegend::scheduleRelayout()
{
    if (m_pending)
        return;
    m_pending = true;
    QMetaObject::invokeMethod(
        this,
        [this]() {
            m_pending = false;
            relayout();
        },
        Qt::QueuedConnection);
}

void FlowLegend::relayout()
{
    QLegend* legend = m_chart->legend();
    legend->setGeometry(QRectF());
    const bool shown = legend->isVisible();
    // Called on every drawn frame: unchanged entries at an unchanged size keep their rows.
    const QString key = layoutKey(shown);
    if (key == m_laidOut && !m_pending)
        return;
    m_laidOut = key;
    for (Entry& e : m_entries)
        delete e.text;
    m_entries.clear();
    const QFont font = legend->font();
    const QFontMetricsF fm(font);
    const QMargins margins = m_chart->margins();
    const qreal left = 6; // the whole chart's width, whatever margins the plot keeps (the forest's row labels)
    const qreal width = std::max<qreal>(80.0, m_chart->size().width() - 2 * left);

    makeEntries(shown, font, fm, width);

    // Rows, left to right; an entry that does not fit starts a new row.
    placeEntries(fm, left, width, margins);
}

// What the rows depend on: the chart's size and each shown entry's label and colours.
QString FlowLegend::layoutKey(bool shown) const
{
    QLegend* legend = m_chart->legend();
    QString key = QString("%1x%2;").arg(m_chart->size().width()).arg(m_chart->size().height());
    for (QLegendMarker* m : shown ? legend->markers() : QList<QLegendMarker*>{})
        if (m->isVisible() && !m->label().trimmed().isEmpty() && (!m->series() || m->series()->isVisible()))
            key += m->label() + '\x1f' + m->brush().color().name(QColor::HexArgb) + m->pen().color().name(QColor::HexArgb) +
                   QString::number(int(m->brush().style())) + '\x1e';
    return key;
}

// One entry per shown marker (its label wrapped to `width`), each marker's changes laying the rows out again.
void FlowLegend::makeEntries(bool shown, const QFont& font, const QFontMetricsF& fm, qreal width)
{
    QLegend* legend = m_chart->legend();
    for (QLegendMarker* m : shown ? legend->markers() : QList<QLegendMarker*>{}) {
        // A later label change or hide lays the rows out again.
        connect(m, &QLegendMarker::labelChanged, this, &FlowLegend::scheduleRelayout, Qt::UniqueConnection);
        connect(m, &QLegendMarker::visibleChanged, this, &FlowLegend::scheduleRelayout, Qt::UniqueConnection);
        connect(m, &QLegendMarker::brushChanged, this, &FlowLegend::scheduleRelayout, Qt::UniqueConnection);
        if (!m->isVisible() || m->label().trimmed().isEmpty() || (m->series() && !m->series()->isVisible()))
            continue;
        Entry e;
        e.label = m->label();
        e.brush = m->brush();
        e.pen = m->pen();
        const QLegend::MarkerShape shape =
            m->shape() == QLegend::MarkerShapeDefault ? legend->markerShape() : m->shape();
        if (shape == QLegend::MarkerShapeCircle)
            e.swatch = Swatch::Dot;
        else if (shape == QLegend::MarkerShapeFromSeries && qobject_cast<QScatterSeries*>(m->series()))
            e.swatch = Swatch::Dot;
        else if (shape == QLegend::MarkerShapeFromSeries && qobject_cast<QLineSeries*>(m->series()))
            e.swatch = Swatch::Line;
        if (e.swatch == Swatch::Line)
            e.pen = static_cast<QLineSeries*>(m->series())->pen();
        e.text = new QGraphicsSimpleTextItem(this);
        e.text->setFont(font);
        e.text->setBrush(legend->labelColor());
        e.text->setText(wrapped(e.label, fm, width - kSwatch - kGap));
        m_entries.append(e);
    }
}

// Rows, left to right; an entry that does not fit starts a new row. The plot gives up the rows' height.
void FlowLegend::placeEntries(const QFontMetricsF& fm, qreal left, qreal width, const QMargins& margins)
{
    qreal x = 0, y = 0, rowHeight = 0, widest = 0;
    for (Entry& e : m_entries) {
        const QRectF t = e.text->boundingRect();
        const qreal w = kSwatch + kGap + t.width();
        if (x > 0 && x + w > width) {
            x = 0;
            y += rowHeight + kRowGap;
            rowHeight = 0;
        }
        const qreal h = std::max(kSwatch, t.height());
        e.box = QRectF(x, y + (fm.height() - kSwatch) / 2, kSwatch, kSwatch);
        e.text->setPos(x + kSwatch + kGap, y);
        x += w + kSpacing;
        widest = std::max(widest, x - kSpacing);
        rowHeight = std::max(rowHeight, h);
    }
    const qreal height = m_entries.isEmpty() ? 0 : y + rowHeight;
    prepareGeometryChange();
    m_bounds = QRectF(0, 0, widest, height);
    // Centred under the plot, above the chart's own bottom margin; the plot gives up the rows' height.
    setPos(left + std::max<qreal>(0, (width - widest) / 2), m_chart->size().height() - m_baseBottom - height);
    QMargins wanted = margins;
    wanted.setBottom(m_baseBottom + (height > 0 ? static_cast<int>(std::ceil(height)) + 6 : 0));
    if (wanted != margins)
        m_chart->setMargins(wanted);
    update();
}

QStringList FlowLegend::labels() const
{
    QStringList out;
    for (const Entry& e : m_entries)
        out << e.label;
    return out;
}

void FlowLegend::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    painter->setRenderHint(QPainter::Antialiasing);
    for (const Entry& e : m_entries) {
        switch (e.swatch) {
        case Swatch::Line: {
            QPen pen = e.pen;
            pen.setWidthF(std::clamp(pen.widthF(), 1.5, 3.0));
            painter->setPen(pen);
            painter->drawLine(QPointF(e.box.left(), e.box.center().y()), QPointF(e.box.right(), e.box.center().y()));
            break;
        }
        case Swatch::Dot:
            painter->setPen(e.pen);
            painter->setBrush(e.brush);
            painter->drawEllipse(e.box.adjusted(1, 1, -1, -1));
            break;
        case Swatch::Box:
            painter->setPen(e.pen);
            painter->setBrush(e.brush.style() == Qt::NoBrush ? QBrush(e.pen.color()) : e.brush);
            painter->drawRect(e.box);
            break;
        }
    }
}

} // namespace rr::ui
