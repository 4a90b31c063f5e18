#include "ui/charts/RangeBands.h"

#include "ui/charts/ChartStyle.h"

#include <QAreaSeries>
#include <QChart>
#include <QCoreApplication>
#include <QLineSeries>

namespace rr::ui {

RangeBands::RangeBands(QChart* chart, QObject* owner)
    : m_chebHi(new QLineSeries(owner)), m_chebLo(new QLineSeries(owner)), m_normHi(new QLineSeries(owner)),
      m_normLo(new QLineSeries(owner)), m_cheb(new QAreaSeries(m_chebHi, m_chebLo)),
      m_norm(new QAreaSeries(m_normHi, m_normLo))
{
    QColor chebFill = style::expected();
    chebFill.setAlpha(90);
    QColor normFill = style::original();
    normFill.setAlpha(120);
    m_cheb->setBrush(chebFill);
    m_cheb->setPen(QPen(style::expected().darker(110), 1.4));
    m_norm->setBrush(normFill);
    m_norm->setPen(QPen(style::original(), 1.4));
    chart->addSeries(m_cheb);
    chart->addSeries(m_norm);
}

void RangeBands::setPoints(const QList<QPointF>& chebyshevHi, const QList<QPointF>& chebyshevLo,
                           const QList<QPointF>& normalHi, const QList<QPointF>& normalLo)
{
    m_chebHi->replace(chebyshevHi);
    m_chebLo->replace(chebyshevLo);
    m_normHi->replace(normalHi);
    m_normLo->replace(normalLo);
}

void RangeBands::setLevel(double alpha)
{
    const QString level = QString::number(100.0 * (1.0 - alpha), 'g', 3);
    style::setName(m_cheb, QCoreApplication::translate("RangeBands", "%1% Chebyshev range").arg(level));
    style::setName(m_norm, QCoreApplication::translate("RangeBands", "%1% normal range").arg(level));
}

QList<QPointF> RangeBands::chebyshevUpper() const
{
    return m_chebHi->points();
}
QList<QPointF> RangeBands::chebyshevLower() const
{
    return m_chebLo->points();
}
QList<QPointF> RangeBands::normalUpper() const
{
    return m_normHi->points();
}
QList<QPointF> RangeBands::normalLower() const
{
    return m_normLo->points();
}

} // namespace rr::ui
