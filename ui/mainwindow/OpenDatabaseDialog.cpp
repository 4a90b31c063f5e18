#include "ui/mainwindow/OpenDatabaseDialog.h"
#include "ui/texts/ErrorText.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

#include <exception>

namespace rr::ui {

OpenDatabaseDialog::OpenDatabaseDialog(QWidget* parent) : QDialog(parent)
{
    setObjectName("openDatabaseDialog");
    setWindowTitle(tr("Open Database"));
    m_url = new QLineEdit;
    m_url->setPlaceholderText(tr("sqlite:///path/to/file.db, postgresql://user@host:5432/database, odbc://DSN"));
    m_url->setMinimumWidth(460);
    m_useTable = new QRadioButton(tr("Table"));
    m_useQuery = new QRadioButton(tr("Query"));
    m_useTable->setChecked(true);
    m_table = new QLineEdit;
    m_table->setAccessibleName(tr("Table name"));
    m_table->setPlaceholderText(tr("adult, public.adult, \"Adult Data\""));
    m_query = new QPlainTextEdit;
    m_query->setAccessibleName(tr("SQL query"));
    m_query->setPlaceholderText(tr("SELECT education, sex, race, workclass FROM adult WHERE ..."));
    m_query->setMaximumHeight(90);
    m_query->setEnabled(false);
    m_user = new QLineEdit;
    m_user->setPlaceholderText(tr("from the URL"));
    m_password = new QLineEdit;
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setPlaceholderText(tr("asked when the server needs one; never saved"));
    m_problem = new QLabel;
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet("color:#b03a00;");
    auto* note = new QLabel(tr("The database counts the records (one GROUP BY per analysis); only the counts are "
                               "read. Sessions keep the URL without the password."));
    note->setWordWrap(true);

    auto* form = new QFormLayout;
    form->addRow(tr("URL:"), m_url);
    form->addRow(m_useTable, m_table);
    form->addRow(m_useQuery, m_query);
    form->addRow(tr("User:"), m_user);
    form->addRow(tr("Password:"), m_password);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_useQuery, &QRadioButton::toggled, this, [this](bool query) {
        m_query->setEnabled(query);
        m_table->setEnabled(!query);
        check();
    });
    connect(m_url, &QLineEdit::textChanged, this, &OpenDatabaseDialog::check);
    connect(m_table, &QLineEdit::textChanged, this, &OpenDatabaseDialog::check);
    connect(m_query, &QPlainTextEdit::textChanged, this, &OpenDatabaseDialog::check);
    check();
}

void OpenDatabaseDialog::setChoice(const DatabaseChoice& c)
{
    m_url->setText(c.url);
    m_table->setText(c.table);
    m_query->setPlainText(c.query);
    (c.query.isEmpty() ? m_useTable : m_useQuery)->setChecked(true);
    check();
}

DatabaseChoice OpenDatabaseDialog::choice() const
{
    DatabaseChoice c;
    c.url = m_url->text().trimmed();
    if (m_useQuery->isChecked())
        c.query = m_query->toPlainText().trimmed();
    else
        c.table = m_table->text().trimmed();
    return c;
}

sql::Credentials OpenDatabaseDialog::credentials() const
{
    return {m_user->text().toStdString(), m_password->text().toStdString()};
}

bool OpenDatabaseDialog::isAcceptable() const
{
    return m_buttons->button(QDialogButtonBox::Open)->isEnabled();
}

void OpenDatabaseDialog::check()
{
    const DatabaseChoice c = choice();
    QString problem;
    if (c.url.isEmpty())
        problem = tr("Give the database's URL.");
    else if (c.table.isEmpty() && c.query.isEmpty())
        problem = m_useQuery->isChecked() ? tr("Give a query.") : tr("Give a table name.");
    else
        try { // parsing only: no connection yet, and no message holds the password
            sql::parseSqlLocation(c.url.toStdString(), c.table.toStdString(), c.query.toStdString());
        } catch (const std::exception& e) {
            problem = errorText(e);
        }
    m_problem->setText(problem);
    m_buttons->button(QDialogButtonBox::Open)->setEnabled(problem.isEmpty());
}

} // namespace rr::ui
