#pragma once
// Attribute roles (QI / sensitive / ignored) with category and missing counts, and the
// missing-value policy.
#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
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
    QComboBox* policyBox() const { return m_policy; }

private:
    void syncFromState();

    AnalysisState* m_state;
    AttributeModel* m_model;
    QTableView* m_view;
    QComboBox* m_policy;
    QLabel* m_summary;
};

} // namespace rr::ui
