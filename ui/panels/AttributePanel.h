#pragma once
// Attribute roles (QI / sensitive / ignored) with category and missing counts, and the
// missing-value policy.
#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QMenu;
class QTableView;

namespace rr {
struct PreparedAnalysis;
class DataSource;
} // namespace rr

namespace rr::ui {

class AnalysisState;
class AttributeModel;

class AttributePanel : public QWidget {
    Q_OBJECT
public:
    explicit AttributePanel(AnalysisState* state, QWidget* parent = nullptr);
    void setSource(std::shared_ptr<const DataSource> source);
    void setAnalysis(std::shared_ptr<const PreparedAnalysis> analysis);

    AttributeModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    // The width that shows every column whole (names, counts, roles) beside the scroll bar.
    int wholeWidth() const;
    // The context menu of an attribute's row (Rename…, Bin…, Remove bins), built when asked (tests call it too).
    QMenu* contextMenuFor(int row, QWidget* parent);

signals:
    // Bin… on a numeric attribute; Remove bins on a binned one (issue 21).
    void binRequested(const QString& attribute);
    void unbinRequested(const QString& attribute);
    // Rename… on any attribute (issue 20, bug 13).
    void renameRequested(const QString& attribute);

public:
    QComboBox* policyBox() const { return m_policy; }

private:
    void syncFromState();

    AnalysisState* m_state;
    AttributeModel* m_model;
    QTableView* m_view;
    QComboBox* m_policy;
    QLabel* m_summary;
    std::shared_ptr<const DataSource> m_source;
};

} // namespace rr::ui
