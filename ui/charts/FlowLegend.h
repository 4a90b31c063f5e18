#pragma once
// The legend every chart shows: Qt's own entries (names, colours, which are shown) laid out in as many rows
// as the chart's width needs, below the plot. Qt's bottom legend is one row and cuts every label to "..."
// when they do not fit (issue 20, bug 3); this one wraps instead. Qt's legend stays the owner's switch:
// hiding it (legend()->setVisible(false)) hides these rows too.
#include <QFont>
#include <QGraphicsObject>
#include <QList>
#include <QPen>

class QChart;
class QFontMetricsF;
class QGraphicsSimpleTextItem;

namespace rr::ui {

class FlowLegend : public QGraphicsObject {
    Q_OBJECT
public:
    explicit FlowLegend(QChart* chart);

    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    // Reads the entries again and lays them out for the chart's width, reserving their rows below the plot.
    void relayout();
    // The labels shown, in order (tests).
    QStringList labels() const;
    // The legend of a chart, if it has one.
    static FlowLegend* of(const QChart* chart);

private:
    enum class Swatch { Box, Line, Dot };
    struct Entry {
        QString label;
        QBrush brush;
        QPen pen;
        Swatch swatch = Swatch::Box;
        QRectF box; // where the swatch is drawn
        QGraphicsSimpleTextItem* text = nullptr;
    };
    void scheduleRelayout();
    // relayout's steps.
    QString layoutKey(bool shown) const;
    void makeEntries(bool shown, const QFont& font, const QFontMetricsF& fm, qreal width);
    void placeEntries(const QFontMetricsF& fm, qreal left, qreal width, const QMargins& margins);

    QChart* m_chart;
    QList<Entry> m_entries;
    QRectF m_bounds;
    QString m_laidOut; // what the rows show and the chart's size, as last laid out: a live frame that changes
                       // neither lays nothing out again
    int m_baseBottom; // the chart's own bottom margin, below the rows
    bool m_pending = false;
};

} // namespace rr::ui
