#include "ui/charts/ChartView.h"

#include "ui/charts/FlowLegend.h"

#include <QAbstractAxis>
#include <QGraphicsSimpleTextItem>
#include <QTimer>

namespace rr::ui {
namespace {

// A title as shown in `room` pixels: whole when it fits, else broken at spaces onto lines that do (rich text,
// as Qt Charts cuts a plain line to "..."). The owner's text is kept on `holder` and read again when the
// owner sets another.
QString fitted(QObject* holder, const QString& current, const QFont& font, qreal room)
{
    QString full = holder->property("rrFullTitle").toString();
    if (current != holder->property("rrShownTitle").toString())
        full = current; // set anew by its chart
    holder->setProperty("rrFullTitle", full);
    QString shown = full;
    const QFontMetricsF fm(font);
    if (room > 60 && !full.contains('<') && fm.horizontalAdvance(full) > room - 4) {
        QStringList lines;
        QString line;
        for (const QString& word : full.split(' ', Qt::SkipEmptyParts)) {
            const QString candidate = line.isEmpty() ? word : line + ' ' + word;
            if (!line.isEmpty() && fm.horizontalAdvance(candidate) > room - 4) {
                lines << line.toHtmlEscaped();
                line = word;
            } else {
                line = candidate;
            }
        }
        lines << line.toHtmlEscaped();
        shown = lines.join("<br>");
    }
    holder->setProperty("rrShownTitle", shown);
    return shown;
}

} // namespace
} // namespace rr::ui

namespace rr::ui {

ChartView::ChartView(const QString& name, QWidget* parent) : QChartView(parent), m_name(name)
{
    setRenderHint(QPainter::Antialiasing);
    setFrameShape(QFrame::NoFrame);
    setMinimumSize(360, 260);
    setObjectName(name + "Chart");
    followPlotArea(chart());
}

void ChartView::followPlotArea(QChart* c)
{
    // The plot area moves after the data without a resize of the view (row labels widen a margin, a legend
    // takes rows): the titles are fitted again then, once the layout has settled (queued).
    if (c)
        connect(c, &QChart::plotAreaChanged, this, &ChartView::fitTitles, Qt::QueuedConnection);
}

void ChartView::markDrawn()
{
    m_hasData = true;
    if (FlowLegend* legend = FlowLegend::of(chart()))
        legend->relayout(); // the series and their names are set by now
    fitTitles();
    QTimer::singleShot(0, this, &ChartView::fitTitles); // again once the plot is laid out
}

void ChartView::markEmpty()
{
    m_hasData = false;
    if (FlowLegend* legend = FlowLegend::of(chart()))
        legend->relayout();
}

void ChartView::fitTitles()
{
    QChart* c = chart();
    if (!c || c->size().width() < 100)
        return;
    // The title spans the chart inside its margins (the forest plot's row labels widen the left one).
    const QString title =
        fitted(c, c->title(), c->titleFont(), c->size().width() - c->margins().left() - c->margins().right() - 16);
    if (title != c->title())
        c->setTitle(title);
    const QRectF plot = c->plotArea();
    for (QAbstractAxis* axis : c->axes()) {
        if (!axis->isVisible() || !axis->isTitleVisible() || axis->titleText().isEmpty())
            continue;
        const bool vertical = axis->orientation() == Qt::Vertical;
        const qreal room = plot.isEmpty() ? c->size().width() * 0.6 : (vertical ? plot.height() : plot.width());
        const QString text = fitted(axis, axis->titleText(), axis->titleFont(), room);
        if (text != axis->titleText())
            axis->setTitleText(text);
    }
}

void ChartView::installChart(QChart* chart)
{
    QChart* previous = this->chart();
    setChart(chart);
    if (previous != chart) {
        delete previous;
        m_emptyMessage = nullptr; // it was a child of the old chart
        followPlotArea(chart);
    }
}

QString ChartView::emptyMessage() const
{
    return m_emptyMessage && m_emptyMessage->isVisible() ? m_emptyMessage->text() : QString();
}

void ChartView::setEmptyMessage(const QString& text)
{
    if (!m_emptyMessage) {
        m_emptyMessage = new QGraphicsSimpleTextItem(chart());
        m_emptyMessage->setZValue(30);
        m_emptyMessage->setBrush(QColor(0x55, 0x55, 0x55));
        QFont f = font();
        f.setPointSizeF(f.pointSizeF() * 1.15);
        m_emptyMessage->setFont(f);
    }
    m_emptyMessage->setText(text);
    m_emptyMessage->setVisible(!text.isEmpty());
    placeEmptyMessage();
}

void ChartView::placeEmptyMessage()
{
    if (!m_emptyMessage)
        return;
    const QRectF box = m_emptyMessage->boundingRect();
    const QRectF area = chart()->rect();
    m_emptyMessage->setPos(area.center().x() - box.width() / 2, area.center().y() - box.height() / 2);
}

void ChartView::resizeEvent(QResizeEvent* event)
{
    QChartView::resizeEvent(event);
    placeEmptyMessage();
    fitTitles();
    QTimer::singleShot(0, this, &ChartView::fitTitles);
}

} // namespace rr::ui
