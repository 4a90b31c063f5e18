#include "ui/charts/ChartView.h"

#include <QGraphicsSimpleTextItem>

namespace rr::ui {

ChartView::ChartView(const QString& name, QWidget* parent) : QChartView(parent), m_name(name)
{
    setRenderHint(QPainter::Antialiasing);
    setFrameShape(QFrame::NoFrame);
    setMinimumSize(360, 260);
    setObjectName(name + "Chart");
}

void ChartView::installChart(QChart* chart)
{
    QChart* previous = this->chart();
    setChart(chart);
    if (previous != chart) {
        delete previous;
        m_emptyMessage = nullptr; // it was a child of the old chart
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
}

} // namespace rr::ui
