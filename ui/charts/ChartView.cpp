#include "ui/charts/ChartView.h"

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
    if (previous != chart)
        delete previous;
}

} // namespace rr::ui
