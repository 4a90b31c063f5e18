#pragma once
// The Risk step's second panel (issue 22): re-identification risk per record, the share of records in each
// tenth of [0, 1], for the original data and at the current p, as two overlaid histograms
// (core/risk/Reidentification.h). The shares run from most records (the lowest tenth) to single records
// (the tail a reviewer asks about): a log scale shows both.
#include "core/risk/Reidentification.h"
#include "ui/charts/ChartView.h"

#include <optional>

class QAreaSeries;
class QLineSeries;
class QLogValueAxis;
class QValueAxis;

namespace rr::ui {

class ReidentificationChart : public ChartView {
    Q_OBJECT
public:
    explicit ReidentificationChart(QWidget* parent = nullptr);
    // Empty (with `unavailable` as the reason, when given) when there is no risk to show.
    void setData(const std::optional<ReidentificationRisk>& risk, const QString& unavailable = {});

    // Share of records per bin, in percent, as drawn (tests); empty bins sit at the axis floor.
    QList<qreal> originalBars() const;
    QList<qreal> randomizedBars() const;

private:
    struct Histogram {
        QLineSeries* outline;
        QLineSeries* base;
        QAreaSeries* area;
    };
    Histogram m_original, m_randomized;
    QValueAxis* m_risk;     // bottom: risk per record
    QLogValueAxis* m_share; // left: share of records

    Histogram addHistogram(QChart* chart, const QString& name, const QColor& color, qreal alpha);
};

} // namespace rr::ui
