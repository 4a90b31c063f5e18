#include "ui/models/TableModel.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QPainter>
#include <QPixmap>

#include <algorithm>

namespace rr::ui {

TableModel::TableModel(QObject* parent) : QAbstractTableModel(parent) {}

void TableModel::setSource(std::shared_ptr<const DataSource> source)
{
    beginResetModel();
    m_source = std::move(source);
    m_checked.clear();
    m_pages.clear();
    m_first = 0;
    m_weighted = m_source && m_source->summary().weighted;
    endResetModel();
    emit windowChanged();
}

std::size_t TableModel::totalRows() const
{
    return m_source ? m_source->summary().rows : 0;
}

void TableModel::setWindowStart(std::size_t first)
{
    const std::size_t total = totalRows();
    first = std::min(first, total > kWindowRows ? total - kWindowRows : std::size_t(0));
    if (first == m_first)
        return;
    beginResetModel();
    m_first = first;
    endResetModel();
    emit windowChanged();
}

void TableModel::setTable(std::shared_ptr<const Table> table)
{
    setSource(table ? std::make_shared<const TableSource>(*table) : nullptr);
}

void TableModel::setCheckedColumns(std::vector<int> columns)
{
    m_checked = std::move(columns);
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {Qt::ForegroundRole, Qt::ToolTipRole});
}

int TableModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_source)
        return 0;
    return static_cast<int>(std::min(totalRows() - m_first, kWindowRows));
}

int TableModel::columnCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_source)
        return 0;
    return static_cast<int>(m_source->summary().attributes.size()) + (m_weighted ? 1 : 0);
}

const RowPage& TableModel::page(std::size_t row) const
{
    const std::size_t first = row / kPageRows * kPageRows;
    auto it = m_pages.find(first);
    if (it == m_pages.end()) {
        if (m_pages.size() >= kPagesKept) {
            auto oldest = std::min_element(m_pages.begin(), m_pages.end(), [](const auto& a, const auto& b) {
                return a.second.second < b.second.second;
            });
            m_pages.erase(oldest);
        }
        it = m_pages.emplace(first, std::make_pair(m_source->rows(first, kPageRows), 0)).first;
    }
    it->second.second = ++m_clock;
    return it->second.first;
}

bool TableModel::dropped(const RowPage& p, std::size_t r) const
{
    for (int c : m_checked)
        if (static_cast<std::size_t>(c) < p.missing[r].size() && p.missing[r][static_cast<std::size_t>(c)])
            return true;
    return false;
}

QVariant TableModel::data(const QModelIndex& index, int role) const
{
    if (!m_source || !index.isValid())
        return {};
    if (role != Qt::DisplayRole && role != Qt::ForegroundRole && role != Qt::FontRole && role != Qt::ToolTipRole &&
        role != Qt::TextAlignmentRole)
        return {};
    const auto row = m_first + static_cast<std::size_t>(index.row());
    const auto col = static_cast<std::size_t>(index.column());
    const RowPage& p = page(row);
    const std::size_t r = row - p.first;
    if (r >= p.values.size())
        return {};
    if (col >= p.values[r].size()) { // count column of aggregated input
        if (role == Qt::DisplayRole && r < p.weights.size())
            return p.weights[r];
        if (role == Qt::TextAlignmentRole)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    const bool missing = p.missing[r][col];
    const bool isDropped = dropped(p, r);
    switch (role) {
    case Qt::DisplayRole: return missing ? QStringLiteral("?") : QString::fromStdString(p.values[r][col]);
    case Qt::ForegroundRole:
        if (missing)
            return QBrush(QColor(0xD5, 0x5E, 0x00));
        if (isDropped)
            return QBrush(QColor(150, 150, 150));
        return {};
    case Qt::FontRole:
        if (isDropped) {
            QFont f;
            f.setItalic(true);
            return f;
        }
        return {};
    case Qt::ToolTipRole:
        if (missing)
            return tr("missing value");
        if (isDropped)
            return tr("record dropped by the missing-value policy");
        return {};
    default: return {};
    }
}

void TableModel::setRoles(const AnalysisSpec& spec)
{
    m_roles = spec;
    if (columnCount() > 0)
        emit headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
}

QVariant TableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (!m_source)
        return {};
    if (orientation == Qt::Vertical)
        return role == Qt::DisplayRole ? QVariant(qulonglong(m_first + static_cast<std::size_t>(section) + 1))
                                       : QVariant();
    const auto& attrs = m_source->summary().attributes;
    if (static_cast<std::size_t>(section) >= attrs.size())
        return role == Qt::DisplayRole ? QVariant(tr("count")) : QVariant();
    const std::string& name = attrs[static_cast<std::size_t>(section)].name;
    const bool sensitive = name == m_roles.sensitive;
    const bool qi = std::find(m_roles.quasiIdentifiers.begin(), m_roles.quasiIdentifiers.end(), name) !=
                    m_roles.quasiIdentifiers.end();
    // The Attributes panel's colours: QI blue, S vermillion.
    const QColor colour = sensitive ? QColor(0xB0, 0x3A, 0x00) : QColor(0x00, 0x5A, 0x9C);
    switch (role) {
    case Qt::DisplayRole: return QString::fromStdString(name);
    case Qt::ForegroundRole: return sensitive || qi ? QVariant(QBrush(colour)) : QVariant();
    case Qt::FontRole:
        if (sensitive || qi) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::DecorationRole:
        if (sensitive || qi) {
            QPixmap dot(10, 10);
            dot.fill(Qt::transparent);
            QPainter painter(&dot);
            painter.setRenderHint(QPainter::Antialiasing);
            painter.setBrush(colour);
            painter.setPen(Qt::NoPen);
            painter.drawEllipse(1, 1, 8, 8);
            return dot;
        }
        return {};
    case Qt::ToolTipRole: {
        const QString role =
            sensitive ? tr("sensitive attribute (S)") : qi ? tr("quasi-identifier (QI)") : tr("no role (ignored)");
        const std::string label = m_source ? m_source->attributeLabel(name) : std::string();
        return label.empty() ? role : QString::fromStdString(label) + "\n" + role; // the file's variable label
    }
    default: return {};
    }
}

} // namespace rr::ui
