variable "db_password" {
  type      = string
  sensitive = true
}

resource "aws_db_instance" "main" {
  identifier     = "acme-prod"
  password       = var.db_password
  kms_key_id     = aws_kms_key.db.arn
  engine_version = "16.3"
}

data "aws_secretsmanager_secret_version" "api" {
  secret_id = "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/api-b8303c"
}
