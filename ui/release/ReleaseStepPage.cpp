#include "ui/release/ReleaseStepPage.h"
#include "ui/texts/ErrorText.h"

#include "ui/texts/CoreTexts.h"
#include "ui/texts/EpsilonText.h"

#include "core/release/Release.h"
#include "ui/charts/ChartStyle.h"
#include "ui/document/Workspace.h"
#include "ui/release/InferenceText.h"
#include "ui/release/ReidentificationText.h"
#include "ui/session/AnalysisState.h"
#include "ui/views/PageContext.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace rr::ui {

QWidget* ReleaseStepPage::create(const PageContext& context)
{
    auto* page = new ReleaseStepPage(&context.state, &context.workspace);
    connect(page, &ReleaseStepPage::releaseRequested, &context.requests, &PageRequests::releaseRequested);
    return page;
}

ReleaseStepPage::ReleaseStepPage(AnalysisState* state, Workspace* workspace, QWidget* parent)
    : QWidget(parent), m_state(state), m_workspace(workspace)
{
    m_summary = new QLabel;
    m_summary->setObjectName("releaseStepSummary");
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setMargin(8);
    m_release = new QPushButton(tr("Review and Release\u2026"));
    m_release->setObjectName("releaseStepButton");
    m_release->setToolTip(tr("Opens the release review (File \u203A Release Randomized Table\u2026, Ctrl+Shift+R): "
                             "choose the columns and the file, then write the table and its notes"));
    connect(m_release, &QPushButton::clicked, this, &ReleaseStepPage::releaseRequested);
    // The button right under the summary it acts on.
    auto* content = new QWidget;
    auto* buttons = new QHBoxLayout;
    buttons->setContentsMargins(8, 0, 8, 8);
    buttons->addWidget(m_release);
    buttons->addStretch(1);
    auto* column = new QVBoxLayout(content);
    column->setContentsMargins(0, 0, 0, 0);
    column->addWidget(m_summary);
    column->addLayout(buttons);
    column->addStretch(1);
    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
    connect(workspace, &Workspace::analysisReady, this, &ReleaseStepPage::refreshIfShown);
    connect(workspace, &Workspace::analysisCleared, this, &ReleaseStepPage::refreshIfShown);
    connect(state, &AnalysisState::parametersChanged, this, &ReleaseStepPage::refreshIfShown);
    refresh();
}

QString ReleaseStepPage::summaryText() const
{
    return m_summary->text();
}

void ReleaseStepPage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    refresh();
}

void ReleaseStepPage::refreshIfShown()
{
    if (isVisible()) // a hidden page is brought up to date when it is shown
        refresh();
}

void ReleaseStepPage::refresh()
{
    const auto source = m_workspace->source();
    const auto analysis = m_workspace->analysis();
    m_release->setEnabled(source && analysis);
    if (!source || !analysis) {
        m_summary->setText(tr("<h3>Nothing to release yet</h3><p>Open a table and choose the roles first.</p>"));
        return;
    }
    std::vector<std::string> columns;
    for (const AttributeSummary& a : source->summary().attributes)
        columns.push_back(a.name);
    ReleaseSummary s;
    try {
        const auto several = m_workspace->several();
        s = summarizeRelease(*analysis, columns,
                             defaultReleaseChoice(*analysis, columns, m_state->mode(), m_state->retentions(),
                                                  m_state->tau(), several.get()),
                             several.get());
    } catch (const std::exception& e) {
        m_summary->setText(tr("<h3>Cannot release</h3><p>%1</p>").arg(errorText(e).toHtmlEscaped()));
        return;
    }
    QString html = tr("<h3>What will be released</h3>") + randomizedParagraph(s);
    html += recordRiskParagraph(s);
    html += severalSensitiveParagraph(s);
    html += reidentificationParagraph(s.reidentification);
    html += tr("<p><b>Records</b>: %1 released of %2 loaded (%3 dropped: %4), in a random order.</p>")
                .arg(style::count(double(s.releasedRows)), style::count(double(s.loadedRows)),
                     style::count(double(s.droppedRows)), QString::fromStdString(s.policy).toHtmlEscaped());
    QStringList clear;
    for (const ReleaseColumn& c : s.columns)
        if (c.action == ReleaseAction::KeepClear)
            clear << QString::fromStdString(c.name);
    if (!clear.isEmpty())
        html += tr("<p><b>In clear</b>: %1. Other columns are dropped; the review lets you change this.</p>")
                    .arg(clear.join(", ").toHtmlEscaped());
    html += inferenceParagraph(s);
    html += warningsParagraph(s);
    m_summary->setText(html);
}

// The randomized columns with their role, p, values and epsilon, or that nothing is randomized yet.
QString ReleaseStepPage::randomizedParagraph(const ReleaseSummary& s)
{
    QString html;
    const auto randomized = s.randomized();
    if (randomized.empty()) {
        html += tr("<p style='color:#b03a00'><b>Nothing is randomized yet:</b> every p is 1, so the table would "
                   "leave as it is. Set p below 1 in Protect (Optimize) first.</p>");
    } else {
        html += tr("<p>Mode <b>%1</b>: these columns leave randomized (each value kept with probability p, otherwise "
                   "replaced by another value at random):</p>")
                    .arg(style::modeName(s.mode));
        html += "<table cellspacing='0' cellpadding='3' border='1' style='border-collapse:collapse'>";
        html += tr("<tr><th align='left'>Column</th><th align='left'>Role</th><th>p</th><th>Values</th>"
                   "<th>\u03B5</th></tr>");
        for (const ReleaseColumn* c : randomized)
            html += QString("<tr><td>%1</td><td>%2</td><td align='right'>%3</td><td align='right'>%4</td>"
                            "<td align='right'>%5</td></tr>")
                        .arg(QString::fromStdString(c->name).toHtmlEscaped(),
                             coreText(c->role).toHtmlEscaped(), QString::number(c->p, 'f', 3),
                             QString::number(c->d),
                             epsilonWithBand(c->epsilon, 2));
        html += "</table>";
    }
    return html;
}

} // namespace rr::ui
