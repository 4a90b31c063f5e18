#pragma once
// Above the Data tab's table when a source has more rows than the table shows at once
// (TableModel::kWindowRows): which rows are shown, and a way to go to any row.
#include <QWidget>

class QLabel;
class QPushButton;
class QSpinBox;

namespace rr::ui {

class TableModel;

class RowWindowBar : public QWidget {
    Q_OBJECT
public:
    explicit RowWindowBar(TableModel* model, QWidget* parent = nullptr);

    // Shows the window holding `row` (0-based), the row in its first tenth.
    void goToRow(std::size_t row);

private:
    void refresh();

    TableModel* m_model;
    QLabel* m_label;
    QSpinBox* m_row;
    QPushButton* m_previous;
    QPushButton* m_next;
};

} // namespace rr::ui
