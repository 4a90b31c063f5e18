#include "ui/charts/ChartView.h"

namespace rr::ui {

ChartView::ChartView(const QString& name, QWidget* parent) : QChartView(parent), m_name(name)
{
    setRenderHint(QPainter::Antialiasing);
    setFrameShape(QFrame::NoFrame);
    setMinimumSize(360, 260);
    setObjectName(name + "Chart");
}

} // namespace rr::ui
