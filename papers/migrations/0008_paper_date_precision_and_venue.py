
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('papers', '0007_paper_citation_key'),
    ]

    operations = [
        migrations.AddField(
            model_name='paper',
            name='booktitle',
            field=models.CharField(blank=True, db_default='', default='', help_text='For a conference paper or a chapter.', max_length=500, verbose_name='proceedings or book'),
        ),
        migrations.AddField(
            model_name='paper',
            name='entry_type',
            field=models.CharField(blank=True, choices=[('article', 'journal article'), ('inproceedings', 'conference paper'), ('incollection', 'book chapter'), ('book', 'book'), ('techreport', 'report'), ('phdthesis', 'PhD thesis'), ('mastersthesis', "master's thesis")], db_default='', default='', max_length=20, verbose_name='publication type'),
        ),
        migrations.AddField(
            model_name='paper',
            name='issue',
            field=models.CharField(blank=True, db_default='', default='', max_length=50, verbose_name='issue or number'),
        ),
        migrations.AddField(
            model_name='paper',
            name='journal',
            field=models.CharField(blank=True, db_default='', default='', max_length=300),
        ),
        migrations.AddField(
            model_name='paper',
            name='pages',
            field=models.CharField(blank=True, db_default='', default='', help_text='As 12--19.', max_length=50),
        ),
        migrations.AddField(
            model_name='paper',
            name='published_precision',
            field=models.CharField(choices=[('day', 'full date'), ('month', 'year and month'), ('year', 'year only')], db_default='day', default='day', max_length=5, verbose_name='date precision'),
        ),
        migrations.AddField(
            model_name='paper',
            name='publisher',
            field=models.CharField(blank=True, db_default='', default='', help_text='The university for a thesis, the institution for a report.', max_length=300, verbose_name='publisher or institution'),
        ),
        migrations.AddField(
            model_name='paper',
            name='volume',
            field=models.CharField(blank=True, db_default='', default='', max_length=50),
        ),
    ]
