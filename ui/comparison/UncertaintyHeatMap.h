#pragma once
// Uncertainty coefficients U(B | A) (003 eq. 5.19, Table 5.3) of every ordered attribute pair as
// heat maps side by side: the original data and each release's estimate, at one l, on one colour
// scale, with the values (x 1e-2) written in the cells.
#include "core/comparison/ComparisonSweep.h"
#include "ui/charts/ChartView.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

class QFont;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;

namespace rr::ui {

class UncertaintyHeatMap : public ChartView {
    Q_OBJECT
public:
    explicit UncertaintyHeatMap(QWidget* parent = nullptr);
    void setData(std::shared_ptr<const ComparisonSweep> sweep, int l);
    void setL(int l);
    int l() const { return m_l; }
    // Cells drawn (panels x ordered pairs), for tests.
    int cellCount() const { return static_cast<int>(m_cells.size()); }
    double scaleMax() const { return m_max; }

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    struct Cell {
        int panel, row, column;
        double value; // < 0: diagonal (no pair)
        QGraphicsRectItem* rect;
        QGraphicsSimpleTextItem* text;
    };
    // rebuild's and layoutCells' steps.
    void addCells(const std::vector<const std::map<std::string, double>*>& maps, const QFont& small);
    void addLabels(int panelCount, const QFont& small);
    void placeLabels(double left, double top, double titleH, double panelW, double gap, double cell);
    void rebuild();
    void layoutCells();

    std::shared_ptr<const ComparisonSweep> m_sweep;
    int m_l = 2;
    double m_max = 0;
    std::vector<Cell> m_cells;
    std::vector<QGraphicsSimpleTextItem*> m_labels; // panel titles and attribute names
    std::vector<std::string> m_attributes;
    QStringList m_panels;
};

} // namespace rr::ui
