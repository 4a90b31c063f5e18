#pragma once
// The two interquantile bands of an estimate over p (003 Figs. 3.2-3.3): the Chebyshev range drawn wide and
// light, the normal range inside it, in every chart that sweeps p (a cell's estimate, a measure's).
#include <QList>
#include <QPointF>

class QAreaSeries;
class QChart;
class QLineSeries;
class QObject;

namespace rr::ui {

class RangeBands {
public:
    // Adds both bands to `chart` (Chebyshev first, under the normal band); the edge series belong to `owner`.
    RangeBands(QChart* chart, QObject* owner);
    void setPoints(const QList<QPointF>& chebyshevHi, const QList<QPointF>& chebyshevLo, const QList<QPointF>& normalHi,
                   const QList<QPointF>& normalLo);
    // Legend names at the level 1 - alpha ("95% Chebyshev range").
    void setLevel(double alpha);

    QList<QPointF> chebyshevUpper() const;
    QList<QPointF> chebyshevLower() const;
    QList<QPointF> normalUpper() const;
    QList<QPointF> normalLower() const;

private:
    QLineSeries* m_chebHi;
    QLineSeries* m_chebLo;
    QLineSeries* m_normHi;
    QLineSeries* m_normLo;
    QAreaSeries* m_cheb;
    QAreaSeries* m_norm;
};

} // namespace rr::ui
