#pragma once
// The records of a data source for a QTableView, read a page at a time as rows scroll into view (a CSV
// source reads them back from the file through its row index), so millions of rows cost a few pages of
// memory. Rows the analysis drops are greyed. The view sees a window of at most kWindowRows rows at a time
// (RowWindowBar moves it): a QHeaderView lays out every row it is given on the GUI thread, which took
// about a second for ten million rows.
#include "core/analysis/AnalysisSpec.h"
#include "core/datasource/DataSource.h"

#include <QAbstractTableModel>

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

namespace rr::ui {

class TableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit TableModel(QObject* parent = nullptr);

    void setSource(std::shared_ptr<const DataSource> source);
    // A table in memory (released tables).
    void setTable(std::shared_ptr<const Table> table);
    // Which records the analysis keeps: a row is dropped when one of these columns (indices into the
    // source's attributes) is missing. Empty: every row shown as used.
    void setCheckedColumns(std::vector<int> columns);
    // Marks the quasi-identifier and sensitive columns in the header (by name: the released preview too).
    void setRoles(const AnalysisSpec& spec);

    static constexpr std::size_t kWindowRows = 100'000;
    // Rows of the source (or table) and the first one the view shows.
    std::size_t totalRows() const;
    std::size_t windowStart() const { return m_first; }
    // Shows rows from `first` (clamped so the window stays inside the rows).
    void setWindowStart(std::size_t first);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

signals:
    void windowChanged();

private:
    static constexpr std::size_t kPageRows = 256;
    static constexpr std::size_t kPagesKept = 64;
    const RowPage& page(std::size_t row) const;
    bool dropped(const RowPage& page, std::size_t r) const;

    std::shared_ptr<const DataSource> m_source;
    std::vector<int> m_checked;
    AnalysisSpec m_roles;
    bool m_weighted = false;
    std::size_t m_first = 0; // the window's first row
    // Pages read so far, by first row; the least recently used goes first when full.
    mutable std::map<std::size_t, std::pair<RowPage, std::uint64_t>> m_pages;
    mutable std::uint64_t m_clock = 0;
};

} // namespace rr::ui
