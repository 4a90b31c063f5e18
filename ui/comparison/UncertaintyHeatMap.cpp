#include "ui/comparison/UncertaintyHeatMap.h"

#include "ui/charts/ChartStyle.h"
#include "ui/comparison/ComparisonMeasures.h"

#include <QBrush>
#include <QFont>
#include <QFontMetricsF>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QPen>

#include <algorithm>

namespace rr::ui {

UncertaintyHeatMap::UncertaintyHeatMap(QWidget* parent) : ChartView("uncertainty", parent)
{
    setAccessibleName(tr("Uncertainty heat map"));
    auto* chart = new QChart;
    style::setUpChart(chart, tr("Uncertainty coefficients U(B | A) \u00D7 10\u207B\u00B2"));
    chart->legend()->hide();
    installChart(chart);
    setMinimumSize(520, 300);
    rebuild(); // the empty state: only the message
    connect(chart, &QChart::plotAreaChanged, this, [this](const QRectF&) { layoutCells(); });
}

void UncertaintyHeatMap::setData(std::shared_ptr<const ComparisonSweep> sweep, int l)
{
    m_sweep = std::move(sweep);
    m_l = l;
    rebuild();
}

void UncertaintyHeatMap::setL(int l)
{
    m_l = l;
    rebuild();
}

void UncertaintyHeatMap::rebuild()
{
    for (auto& c : m_cells)
        delete c.rect; // deletes its text child
    m_cells.clear();
    for (auto* t : m_labels)
        delete t;
    m_labels.clear();
    m_max = 0;
    setEmptyMessage(m_sweep ? QString()
                            : tr("Press \u201C" "Compare\u201D to compare the four releases at \u03C4 = 1/l."));
    if (!m_sweep) {
        chart()->setTitle(QString());
        markEmpty();
        return;
    }
    const ComparisonResult* r = nullptr;
    for (const auto& x : m_sweep->results)
        if (x.l == m_l)
            r = &x;
    if (!r)
        return;
    m_attributes = r->attributes;
    std::vector<const std::map<std::string, double>*> maps{&r->originalUncertainty};
    m_panels = QStringList{tr("original")};
    for (ComparisonMethod m : kComparisonMethods) {
        const MethodUtility& u = methodResult(*r, m);
        m_panels << (u.available ? methodName(m) : tr("%1\n(no release)").arg(methodName(m)));
        maps.push_back(u.available ? &u.uncertainty : nullptr);
    }
    for (const auto* map : maps)
        if (map)
            for (const auto& [pair, v] : *map)
                m_max = std::max(m_max, v);
    QFont small = font();
    small.setPointSizeF(std::max(6.5, small.pointSizeF() * 0.8));
    addCells(maps, small);
    addLabels(static_cast<int>(maps.size()), small);
    chart()->setTitle(tr("Uncertainty coefficients U(B | A) \u00D7 10\u207B\u00B2 at l = %1 (row A explains "
                         "column B; colour scale 0..%2)")
                          .arg(m_l)
                          .arg(100.0 * m_max, 0, 'f', 2));
    layoutCells();
    markDrawn();
}

// One cell per panel and pair of attributes, coloured by its value (grey on the diagonal and without a release).
void UncertaintyHeatMap::addCells(const std::vector<const std::map<std::string, double>*>& maps, const QFont& small)
{
    const int k = static_cast<int>(m_attributes.size());
    for (int p = 0; p < static_cast<int>(maps.size()); ++p)
        for (int a = 0; a < k; ++a)
            for (int b = 0; b < k; ++b) {
                Cell c{p, a, b, -1.0, new QGraphicsRectItem(chart()), nullptr};
                c.rect->setZValue(2);
                c.rect->setPen(QPen(Qt::white, 1));
                if (a != b && maps[p]) {
                    c.value = maps[p]->at(m_attributes[a] + "|" + m_attributes[b]);
                    const double t = m_max > 0 ? c.value / m_max : 0.0;
                    const QColor fill = style::viridis(t);
                    c.rect->setBrush(fill);
                    c.text = new QGraphicsSimpleTextItem(QString::number(100.0 * c.value, 'f', 2), c.rect);
                    c.text->setFont(small);
                    c.text->setBrush(t > 0.6 ? Qt::black : Qt::white);
                    c.rect->setToolTip(tr("%1: U(%2 | %3) = %4")
                                           .arg(m_panels[p], QString::fromStdString(m_attributes[b]),
                                                QString::fromStdString(m_attributes[a]))
                                           .arg(c.value, 0, 'g', 4));
                } else {
                    c.rect->setBrush(QColor(0xEE, 0xEE, 0xEE));
                }
                m_cells.push_back(c);
            }
}

// The panels' titles, the row labels and every panel's column labels (placed by layoutCells).
void UncertaintyHeatMap::addLabels(int panelCount, const QFont& small)
{
    const int k = static_cast<int>(m_attributes.size());
    for (const QString& title : m_panels) {
        auto* t = new QGraphicsSimpleTextItem(title, chart());
        t->setZValue(2);
        QFont f = font();
        f.setBold(true);
        t->setFont(f);
        m_labels.push_back(t);
    }
    for (int i = 0; i < k; ++i) { // row labels (A, explanatory) of the first panel
        auto* t = new QGraphicsSimpleTextItem(style::shortLabel(QString::fromStdString(m_attributes[i]), 14), chart());
        t->setZValue(2);
        t->setFont(small);
        m_labels.push_back(t);
    }
    for (int p = 0; p < panelCount; ++p)
        for (int i = 0; i < k; ++i) { // column labels (B, the response) under every panel
            auto* t = new QGraphicsSimpleTextItem(QString::fromStdString(m_attributes[i]).left(3), chart());
            t->setZValue(2);
            t->setFont(small);
            t->setToolTip(QString::fromStdString(m_attributes[i]));
            m_labels.push_back(t);
        }
}

void UncertaintyHeatMap::layoutCells()
{
    if (m_cells.empty())
        return;
    const int k = static_cast<int>(m_attributes.size());
    const int panels = static_cast<int>(m_panels.size());
    QRectF area = chart()->plotArea();
    if (area.width() < 10 || area.height() < 10)
        area = QRectF(QPointF(0, 0), size()).adjusted(10, 40, -10, -10);
    const double labelW = 90, footH = 16, gap = 14;
    // A panel title is one line, or two when some panel has no release ("name" over "(no release)"): side by
    // side on one line they ran into each other. A line wider than its panel is cut with an ellipsis.
    const QFontMetricsF metrics(m_labels[0]->font());
    const bool twoLines = std::any_of(m_panels.begin(), m_panels.end(), [](const QString& t) { return t.contains('\n'); });
    const double titleH = (twoLines ? 2 : 1) * metrics.height() + 4;
    const double cell = std::max(4.0, std::min((area.width() - labelW - gap * (panels - 1)) / (panels * k),
                                               (area.height() - titleH - footH) / k));
    const double panelW = cell * k;
    for (int p = 0; p < panels; ++p) {
        QStringList lines = m_panels[p].split('\n');
        for (QString& line : lines)
            line = metrics.elidedText(line, Qt::ElideRight, panelW + gap - 4);
        m_labels[static_cast<std::size_t>(p)]->setText(lines.join('\n'));
        m_labels[static_cast<std::size_t>(p)]->setToolTip(QString(m_panels[p]).replace('\n', ' '));
    }
    const double usedW = labelW + panels * panelW + gap * (panels - 1), usedH = titleH + k * cell + footH;
    const double left = area.left() + std::max(0.0, (area.width() - usedW) / 2) + labelW;
    const double top = area.top() + std::max(0.0, (area.height() - usedH) / 2) + titleH;
    for (auto& c : m_cells) {
        const double x = left + c.panel * (panelW + gap) + c.column * cell;
        const double y = top + c.row * cell;
        c.rect->setRect(0, 0, cell, cell);
        c.rect->setPos(x, y);
        if (c.text) {
            // The largest values have the most digits ("12.34"): fewer decimals before none at all, so the
            // highest (yellow) cells keep a number too (issue 45).
            for (int decimals = 2; decimals >= 0; --decimals) {
                c.text->setText(QString::number(100.0 * c.value, 'f', decimals));
                if (c.text->boundingRect().width() < cell - 2)
                    break;
            }
            const QRectF b = c.text->boundingRect();
            c.text->setVisible(b.width() < cell - 2);
            c.text->setPos((cell - b.width()) / 2, (cell - b.height()) / 2);
        }
    }
    placeLabels(left, top, titleH, panelW, gap, cell);
}

// The panels' titles over them, the row labels on the left, the column labels under every panel.
void UncertaintyHeatMap::placeLabels(double left, double top, double titleH, double panelW, double gap, double cell)
{
    const int k = static_cast<int>(m_attributes.size());
    const int panels = static_cast<int>(m_panels.size());
    std::size_t i = 0;
    for (int p = 0; p < panels; ++p, ++i)
        m_labels[i]->setPos(left + p * (panelW + gap), top - titleH);
    for (int a = 0; a < k; ++a, ++i) {
        const QRectF b = m_labels[i]->boundingRect();
        m_labels[i]->setPos(left - b.width() - 4, top + a * cell + (cell - b.height()) / 2);
    }
    for (int p = 0; p < panels; ++p)
        for (int b = 0; b < k; ++b, ++i) {
            // three letters of the name, one where three run into the next column, none where one does not fit
            // (the row labels on the left name the same attributes in the same order)
            const QFontMetricsF small(m_labels[i]->font());
            QString text = QString::fromStdString(m_attributes[static_cast<std::size_t>(b)]).left(3);
            if (small.horizontalAdvance(text) > cell - 2)
                text = text.left(1);
            if (small.horizontalAdvance(text) > cell - 2)
                text.clear();
            m_labels[i]->setText(text);
            const QRectF r = m_labels[i]->boundingRect();
            m_labels[i]->setPos(left + p * (panelW + gap) + b * cell + (cell - r.width()) / 2, top + k * cell + 1);
        }
}

void UncertaintyHeatMap::resizeEvent(QResizeEvent* event)
{
    ChartView::resizeEvent(event);
    layoutCells();
}

} // namespace rr::ui
