#pragma once
// The QI group of a risky record (double-click in the Risk view's table): every record with its QI values,
// by sensitive value, with their share and risk at the current p (core/analysis/RecordGroup).
#include "core/analysis/RecordGroup.h"

#include <QDialog>

class QLabel;
class QTableWidget;

namespace rr::ui {

class RecordGroupDialog : public QDialog {
    Q_OBJECT
public:
    // `tau`: the target; risks above it are marked.
    RecordGroupDialog(const RecordGroup& group, double tau, QWidget* parent = nullptr);
    const RecordGroup& group() const { return m_group; }
    QTableWidget* table() const { return m_table; }
    QLabel* heading() const { return m_heading; }

private:
    RecordGroup m_group;
    QLabel* m_heading;
    QTableWidget* m_table;
};

} // namespace rr::ui
