#pragma once
// Base of every chart: a QChartView that knows its export name and can be rendered anywhere
// (screen, PNG, SVG, PDF, clipboard) by the same code.
#include <QChartView>

class QGraphicsSimpleTextItem;

namespace rr::ui {

class ChartView : public QChartView {
    Q_OBJECT
public:
    explicit ChartView(const QString& name, QWidget* parent = nullptr);
    // Export name: distribution, risk, surface, intervals, tradeoff.
    QString chartName() const { return m_name; }
    // True once data has been drawn (an empty chart is never exported silently).
    bool hasData() const { return m_hasData; }
    // The centred message an empty chart shows instead of axes and labels (empty when none).
    QString emptyMessage() const;

protected:
    void markDrawn();
    // The data shown went away (inputs changed): the chart is empty again and not exported.
    void markEmpty();
    // Shows `chart`, owned by this view. QChartView::setChart only releases the chart it replaces (the
    // default one every view starts with included): this deletes it.
    void installChart(QChart* chart);
    // Shows `text` centred on the chart (an empty text hides it): what to do to fill the chart.
    void setEmptyMessage(const QString& text);
    void resizeEvent(QResizeEvent* event) override;

private:
    void placeEmptyMessage();
    void followPlotArea(QChart* chart);
    // Breaks the chart's title and its axes' titles onto more lines where one line would be cut to "...".
    void fitTitles();

    QString m_name;
    QGraphicsSimpleTextItem* m_emptyMessage = nullptr;
    bool m_hasData = false;
};

} // namespace rr::ui
