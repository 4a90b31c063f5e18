#pragma once
// A tab page: a row of controls over one chart. MainWindow exports whichever page is shown.
#include <QWidget>

namespace rr::ui {

class ChartView;

class AnalysisView : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;
    virtual ChartView* chartView() const = 0;
};

} // namespace rr::ui
