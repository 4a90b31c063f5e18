#include "ui/views/AnalysisView.h"

#include <utility>

namespace rr::ui {

void AnalysisView::whenShown(std::function<void()> update)
{
    if (isVisible()) {
        m_pending = nullptr;
        update();
        return;
    }
    m_pending = std::move(update);
}

void AnalysisView::catchUp()
{
    if (auto pending = std::exchange(m_pending, nullptr))
        pending();
}

void AnalysisView::prepareReport()
{
    catchUp();
}

void AnalysisView::addToReport(ReportParts& parts)
{
    catchUp();
    parts.charts << chartView();
}

void AnalysisView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    catchUp();
}

} // namespace rr::ui
