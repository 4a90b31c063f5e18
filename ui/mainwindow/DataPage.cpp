#include "ui/mainwindow/DataPage.h"

#include "ui/charts/ChartStyle.h"
#include "ui/document/Workspace.h"
#include "ui/mainwindow/RowWindowBar.h"
#include "ui/models/TableModel.h"
#include "ui/release/DataPreview.h"
#include "ui/session/AnalysisState.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <cstdint>

namespace rr::ui {
namespace {
// The preview is a fixed seeded draw: the same p show the same preview.
constexpr std::uint64_t kPreviewSeed = 1;

// The columns whose missing values drop a record under the analysis's policy (for greying rows).
std::vector<int> checkedColumns(const DataSource& source, const AnalysisSpec& spec)
{
    const auto& attrs = source.summary().attributes;
    std::vector<int> out;
    for (std::size_t i = 0; i < attrs.size(); ++i) {
        const auto used = spec.analysed();
        if (spec.policy == MissingPolicy::DropIncomplete ||
            std::find(used.begin(), used.end(), attrs[i].name) != used.end())
            out.push_back(static_cast<int>(i));
    }
    return out;
}
} // namespace

DataPage::DataPage(AnalysisState* state, Workspace* workspace, QWidget* parent)
    : QWidget(parent), m_state(state), m_workspace(workspace), m_model(new TableModel(this)),
      m_preview(new DataPreview(this))
{
    m_records = buildRecords();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(buildPreviewBar());
    layout->addWidget(new RowWindowBar(m_model, this));
    layout->addWidget(m_records, 1);
    connectWorkspace();
}

QList<BackgroundTask*> DataPage::watchedTasks() const
{
    return {m_preview->task()};
}

QTableView* DataPage::buildRecords()
{
    auto* view = new QTableView;
    view->setObjectName("dataView");
    view->setAccessibleName(tr("Records"));
    view->setModel(m_model);
    view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    view->horizontalHeader()->setDefaultSectionSize(fontMetrics().horizontalAdvance("Married-civ-spouse") + 16);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    return view;
}

QHBoxLayout* DataPage::buildPreviewBar()
{
    auto* toggle = new QCheckBox(tr("Randomized preview"));
    toggle->setObjectName("dataPreviewToggle");
    toggle->setToolTip(tr("Show the table as File > Release would write it at the current p, drawn from a fixed "
                          "seed: a preview, not for release"));
    m_toggle = toggle;
    m_note = new QLabel;
    m_note->setObjectName("dataPreviewNote");
    m_note->setWordWrap(true);
    auto* row = new QHBoxLayout;
    row->setContentsMargins(4, 2, 4, 2);
    row->addWidget(toggle);
    row->addWidget(m_note, 1);
    connect(toggle, &QCheckBox::toggled, this, &DataPage::updatePreview);
    connect(m_preview, &DataPreview::ready, this, &DataPage::showPreview);
    connect(m_preview, &DataPreview::failed, this, [this](const QString& m) {
        m_note->setText(tr("<span style='color:#b03a00'>No preview: %1</span>").arg(m.toHtmlEscaped()));
    });
    return row;
}

void DataPage::connectWorkspace()
{
    connect(m_workspace, &Workspace::tableLoaded, this, [this]() { m_model->setSource(m_workspace->source()); });
    connect(m_workspace, &Workspace::analysisReady, this, &DataPage::onAnalysisReady);
    connect(m_state, &AnalysisState::parametersChanged, this, [this]() {
        if (m_toggle->isChecked())
            updatePreview();
    });
}

void DataPage::onAnalysisReady()
{
    const auto a = m_workspace->analysis();
    if (m_toggle->isChecked())
        updatePreview();
    else
        m_model->setCheckedColumns(checkedColumns(*m_workspace->source(), a->spec));
    m_model->setRoles(a->spec);
}

void DataPage::updatePreview()
{
    const auto source = m_workspace->source();
    const auto a = m_workspace->analysis();
    if (!m_toggle->isChecked()) {
        m_preview->cancel();
        m_note->clear();
        m_model->setSource(source);
        if (source && a)
            m_model->setCheckedColumns(checkedColumns(*source, a->spec));
        return;
    }
    if (!source || !a) {
        m_note->setText(tr("The preview needs an analysis (set the roles)."));
        return;
    }
    std::vector<std::string> columns;
    for (const AttributeSummary& s : source->summary().attributes)
        columns.push_back(s.name);
    m_note->setText(tr("Drawing the preview\u2026"));
    const auto several = m_workspace->several();
    m_preview->request(
        source, a,
        defaultReleaseChoice(*a, columns, m_state->mode(), m_state->retentions(), m_state->tau(), several.get()),
        kPreviewSeed, several);
}

void DataPage::showPreview(std::shared_ptr<const Table> table, qulonglong changed, const QString& randomized,
                           qulonglong released)
{
    if (!m_toggle->isChecked())
        return;
    const qulonglong shown = table->rowCount();
    m_model->setTable(std::move(table));
    const QString which = shown >= released
                              ? tr("the released table")
                              : tr("the first %1 of the %2 released records (in source order; a release is written in "
                                   "random order)")
                                    .arg(style::count(double(shown)), style::count(double(released)));
    m_note->setText(tr("<span style='color:#b03a00'><b>PREVIEW, not for release:</b></span> %1 as drawn from seed "
                       "%2 at the current p (randomized: %3; %4 values changed). File \u203A Release draws from "
                       "the secure generator.")
                        .arg(which)
                        .arg(kPreviewSeed)
                        .arg(randomized.isEmpty() ? tr("no column") : randomized.toHtmlEscaped())
                        .arg(style::count(double(changed))));
}

} // namespace rr::ui
